import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { Batch_Status } from "../gen/portal/v1/batches_pb";
import { expectEveryValueNamed } from "../test/enumNames";
import { batchStatusNameOf, batchStatusNames } from "./statusNames";

describe("batch status names", () => {
  it("name and translate every status", () =>
    expectEveryValueNamed(
      Batch_Status,
      Object.fromEntries(
        Object.entries(batchStatusNames).map(([code, name]) => [Batch_Status[code as keyof typeof Batch_Status], name]),
      ),
    ));

  it("read a status the server names in a message's values, and leave an unknown one alone", () => {
    expect(i18n._(batchStatusNameOf("MANIFEST_CREATED")!)).toBe("Manifest created");
    expect(batchStatusNameOf("PAUSED")).toBeUndefined();
  });
});
