import { describe, expect, it } from "vitest";
import { addHub, canDeleteHub, deleteHub, emptyHub, hubErrors, setDefaultHub } from "./hubs";

const hub = (name: string, isDefault = false) => ({
  ...emptyHub(),
  name,
  street: "s",
  zipCode: "z",
  city: "c",
  isDefault,
});

describe("hub rules (spec 3 §4, §5)", () => {
  it("adds an empty hub in Germany, not default", () => {
    const hubs = addHub([hub("A", true)]);
    expect(hubs).toHaveLength(2);
    expect(hubs[1]).toEqual(emptyHub());
    expect(hubs[1].countryCode).toBe("DE");
  });

  it("deletes by index, never the last hub, and hands the default on", () => {
    const three = [hub("A"), hub("B", true), hub("C")];
    expect(deleteHub(three, 1).map((h) => [h.name, h.isDefault])).toEqual([
      ["A", true],
      ["C", false],
    ]);
    expect(deleteHub(three, 2).map((h) => h.name)).toEqual(["A", "B"]);
    expect(deleteHub([hub("A", true)], 0)).toHaveLength(1);
    expect(canDeleteHub([hub("A")])).toBe(false);
    expect(canDeleteHub([hub("A"), hub("B")])).toBe(true);
  });

  it("marks exactly one default", () => {
    expect(setDefaultHub([hub("A", true), hub("B", true), hub("C")], 2).map((h) => h.isDefault)).toEqual([
      false,
      false,
      true,
    ]);
  });

  it("requires name, street, zip code and city and a valid e-mail", () => {
    expect(hubErrors(emptyHub())).toEqual({
      name: "required",
      street: "required",
      zipCode: "required",
      city: "required",
    });
    expect(hubErrors({ ...hub("A"), emailAddress: "nope" })).toEqual({ emailAddress: "email" });
    expect(hubErrors({ ...hub("A"), emailAddress: "hub@example.com" })).toEqual({});
  });
});
