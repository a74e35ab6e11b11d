import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { fieldLabel } from "./fieldLabels";

describe("field labels", () => {
  it("names CSV columns, their order lines, and the parcel form's own fields", () => {
    expect(fieldLabel(i18n, "postalcode")).toBe("Postal code");
    expect(fieldLabel(i18n, "articleNumber2")).toBe("Article number 2");
    expect(fieldLabel(i18n, "phone")).toBe("Phone");
    expect(fieldLabel(i18n, "somethingElse")).toBe("somethingElse");
  });
});
