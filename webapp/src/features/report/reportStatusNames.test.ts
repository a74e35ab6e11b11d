import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { ReportRow_Status } from "../../gen/portal/v1/reports_pb";
import { expectEveryValueNamed } from "../../test/enumNames";
import { reportStatusCodes, reportStatusNameOf, reportStatusNames } from "./reportStatusNames";

describe("report status names", () => {
  it("name and translate every status", () => expectEveryValueNamed(ReportRow_Status, reportStatusNames));

  it("offer the status filter as the search model spells it, with the names people read", () => {
    expect(reportStatusCodes).toEqual(["SENDING", "SENT", "CREATING_MANIFEST", "MANIFEST_CREATED", "ERROR"]);
    expect(i18n._(reportStatusNameOf("ERROR"))).toBe("Error");
  });
});
