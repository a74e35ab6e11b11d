import { describe, expect, it } from "vitest";
import { ActivationStatus, Role } from "../gen/portal/v1/vocabulary_pb";
import { expectEveryValueNamed } from "../test/enumNames";
import { activationStatusNames, roleNames, statusLabel } from "./roleLabels";

describe("the account vocabulary's names", () => {
  it("names and translates every role", () => expectEveryValueNamed(Role, roleNames));
  it("names and translates every activation status", () =>
    expectEveryValueNamed(ActivationStatus, activationStatusNames));
  it("names a status the user list's filter carries in lower case", () => {
    const translate = (d: { message?: string }) => d.message ?? "";
    expect(statusLabel("pending", translate)).toBe("Pending");
    expect(statusLabel(ActivationStatus.NEW, translate)).toBe("New");
    expect(statusLabel("sleeping", translate)).toBe("sleeping");
  });
});
