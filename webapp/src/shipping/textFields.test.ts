import { create, type Message } from "@bufbuild/protobuf";
import type { GenMessage } from "@bufbuild/protobuf/codegenv2";
import { describe, expect, it } from "vitest";
import { AddressBookEntrySchema } from "../gen/portal/v1/address_book_pb";
import { ShipmentTextsSchema } from "../gen/portal/v1/batches_pb";
import { CsvShipmentDtoSchema } from "../gen/portal/v1/parcels_pb";
import { ReportInvoiceDataSchema } from "../gen/portal/v1/report_details_pb";
import { textFieldsOf, textValues } from "./textFields";

/** The keys of a created message whose values are strings: what TextKeys names, seen at run time. */
const stringKeys = (message: object) =>
  Object.entries(message)
    .filter(([key, value]) => key !== "$typeName" && typeof value === "string")
    .map(([key]) => key);

describe("a message's text fields come from its generated schema", () => {
  it("are the string properties of the message, in the proto's order", () => {
    const sameAsProperties = <T extends Message>(schema: GenMessage<T>) =>
      expect(textFieldsOf(schema)).toEqual(stringKeys(create(schema)));
    sameAsProperties(CsvShipmentDtoSchema);
    sameAsProperties(AddressBookEntrySchema);
    sameAsProperties(ReportInvoiceDataSchema);
    // The parcel form's fields: the CSV shipment's, the phone and the EORIs as the form's JSON spells them.
    expect(textFieldsOf(CsvShipmentDtoSchema)).toHaveLength(28);
    expect(textFieldsOf(CsvShipmentDtoSchema)).toEqual(expect.arrayContaining(["isoCountry", "phone", "sellerEori"]));
  });

  it("leave out enums, lists, booleans and optional strings", () => {
    expect(textFieldsOf(ReportInvoiceDataSchema)).not.toContain("incoterm");
    expect(textFieldsOf(CsvShipmentDtoSchema)).not.toContain("addAddressToAddressBook");
    expect(textFieldsOf(CsvShipmentDtoSchema)).not.toContain("orderLines");
    expect(textFieldsOf(ShipmentTextsSchema)).toEqual([]);
  });

  it("read values, empty where the source has none", () => {
    expect(textValues(["name", "city"], { name: "Anna" })).toEqual({ name: "Anna", city: "" });
    expect(textValues(["name"], undefined)).toEqual({ name: "" });
  });
});
