import { describe, it } from "vitest";
import { HealthStatus } from "../../../gen/portal/v1/management_pb";
import { expectEveryValueNamed } from "../../../test/enumNames";
import { healthStatusNames } from "./healthStatusNames";

describe("health status names", () => {
  it("name and translate every status", () => expectEveryValueNamed(HealthStatus, healthStatusNames));
});
