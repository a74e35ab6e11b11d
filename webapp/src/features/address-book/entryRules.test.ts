import { describe, expect, it } from "vitest";
import { addressFields, parcelAddressFields, parcelFieldsOf } from "../../shipping/addressBook";
import { textValues } from "../../shipping/textFields";
import { create } from "@bufbuild/protobuf";
import { AddressBookEntrySchema } from "../../gen/portal/v1/address_book_pb";
import {
  addressMaxLength,
  addressViolation,
  entryViolations,
  mandatoryAddressFields,
  maxLengthKey,
  notEmptyKey,
} from "./entryRules";

const valid = {
  ...textValues(addressFields, undefined),
  name: "Anna Alt",
  street: "Zeil",
  postalcode: "60313",
  city: "Frankfurt",
  isoCountry: "DE",
};

describe("an address-book entry's rules come from the proto (core/addressbook's)", () => {
  it("names the fields of AddressBookEntry, and those the parcel form shares", () => {
    expect(addressFields[0]).toBe("recipientNumber");
    expect(addressFields).toHaveLength(14);
    expect(parcelAddressFields).toEqual(addressFields.filter((field) => field !== "recipientNumber"));
    const entry = create(AddressBookEntrySchema, { ...valid, recipientNumber: "K-1", phone: "030 1" });
    expect(parcelFieldsOf(entry)).toEqual({ ...valid, phone: "030 1", recipientNumber: undefined });
  });

  it("marks the mandatory fields and states the lengths as the proto does", () => {
    expect(mandatoryAddressFields).toEqual(["name", "street", "postalcode", "city", "isoCountry"]);
    expect(addressMaxLength("name")).toBe(35);
    expect(addressMaxLength("postalcode")).toBe(10);
    expect(addressMaxLength("phone")).toBe(20);
    // The country is chosen from a list; core checks it against the country codes.
    expect(addressMaxLength("isoCountry")).toBeUndefined();
  });

  it("refuses what the server refuses, on trimmed values, with the server's keys", () => {
    expect(entryViolations(valid)).toEqual({});
    const broken = entryViolations({ ...valid, city: "   ", name: "x".repeat(36), mobile: ` ${"1".repeat(20)} ` });
    expect(Object.keys(broken).sort()).toEqual(["city", "name"]);
    expect(broken.city).toEqual(addressViolation("city", notEmptyKey));
    expect(broken.name).toMatchObject({ id: maxLengthKey, values: { max: "35" } });
  });
});
