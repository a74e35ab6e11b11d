import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { defaultLabelType, isSelectable, isZpl, LabelType, labelTypeName, labelTypeOf } from "./labelTypes";

describe("label types (spec 2 §3)", () => {
  it("reads Zebra as ZPL, Zebra300 as ZPL (Zebra300), PDF and a type not given as PDF", () => {
    i18n.loadAndActivate({ locale: "en", messages: {} });
    expect(labelTypeName(i18n, LabelType.Zebra)).toBe("ZPL");
    expect(labelTypeName(i18n, LabelType.Zebra300)).toBe("ZPL (Zebra300)");
    expect(labelTypeName(i18n, LabelType.PDF)).toBe("PDF");
    expect(labelTypeName(i18n, LabelType.LABEL_TYPE_UNSPECIFIED)).toBe("PDF");
  });

  it("lets PDF and Zebra be chosen, not Zebra300", () => {
    expect([LabelType.PDF, LabelType.Zebra, LabelType.Zebra300].filter(isSelectable)).toEqual([
      LabelType.PDF,
      LabelType.Zebra,
    ]);
  });

  it("starts at the printer's type, or the choosable type of its kind", () => {
    expect(defaultLabelType(LabelType.ZPL)).toBe(LabelType.Zebra);
    expect(defaultLabelType(LabelType.Zebra)).toBe(LabelType.Zebra);
    expect(defaultLabelType(LabelType.Zebra300)).toBe(LabelType.Zebra);
    expect(defaultLabelType(LabelType.PDF)).toBe(LabelType.PDF);
    expect(defaultLabelType(undefined)).toBe(LabelType.PDF);
  });

  it("counts the printer settings' ZPL as a ZPL type", () => {
    const all = [LabelType.ZPL, LabelType.Zebra, LabelType.Zebra300, LabelType.PDF, LabelType.LABEL_TYPE_UNSPECIFIED];
    expect(all.filter(isZpl)).toEqual([LabelType.ZPL, LabelType.Zebra, LabelType.Zebra300]);
  });

  it("reads the names the report search's JSON carries", () => {
    expect(labelTypeOf("Zebra300")).toBe(LabelType.Zebra300);
    expect(labelTypeOf("LABEL_TYPE_UNSPECIFIED")).toBeUndefined();
    expect(labelTypeOf("GIF")).toBeUndefined();
  });
});
