import { describe, expect, it } from "vitest";
import { defaultLabelType, isSelectable, isZpl, labelTypeName } from "./labelTypes";

describe("label types (spec 2 §3)", () => {
  it("reads Zebra as ZPL, Zebra300 as ZPL (Zebra300), anything else as PDF", () => {
    expect(labelTypeName("Zebra")).toBe("ZPL");
    expect(labelTypeName("Zebra300")).toBe("ZPL (Zebra300)");
    expect(labelTypeName("PDF")).toBe("PDF");
    expect(labelTypeName("")).toBe("PDF");
  });

  it("lets PDF and Zebra be chosen, not Zebra300", () => {
    expect(["PDF", "Zebra", "Zebra300"].filter(isSelectable)).toEqual(["PDF", "Zebra"]);
  });

  it("starts at the printer's type, or the choosable type of its kind", () => {
    expect(defaultLabelType("ZPL")).toBe("Zebra");
    expect(defaultLabelType("Zebra")).toBe("Zebra");
    expect(defaultLabelType("Zebra300")).toBe("Zebra");
    expect(defaultLabelType("PDF")).toBe("PDF");
    expect(defaultLabelType(undefined)).toBe("PDF");
  });

  it("counts the printer settings' ZPL as a ZPL type", () => {
    expect(["ZPL", "Zebra", "Zebra300", "PDF", ""].filter(isZpl)).toEqual(["ZPL", "Zebra", "Zebra300"]);
  });
});
