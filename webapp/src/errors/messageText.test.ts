import { i18n } from "@lingui/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { messages as deMessages } from "../locales/de";
import { messages as enMessages } from "../locales/en";
import { messageText } from "./messageText";

const refused = { id: "error.batch.notAllowedInStatus", values: { status: "MANIFEST_CREATED", step: "delete" } };

describe("messageText", () => {
  beforeEach(() => {
    i18n.load({ de: deMessages, en: enMessages });
    i18n.activate("en");
  });
  afterEach(() => i18n.activate("en"));

  it("names a batch status as the screens do, not by its code", () => {
    expect(messageText(i18n, refused)).toBe("This cannot be done while the batch is in the status “Manifest created”.");
    i18n.activate("de");
    expect(messageText(i18n, refused)).toBe(
      "Das ist nicht möglich, solange der Stapel im Status „Manifest erstellt“ ist.",
    );
  });

  it("keeps a status the screens do not know as it came", () => {
    expect(messageText(i18n, { ...refused, values: { status: "PAUSED" } })).toContain("“PAUSED”");
  });

  it("leaves other values and messages without values as they are", () => {
    expect(messageText(i18n, { id: "error.batch.unknownFilter", values: { filter: "SOME" } })).toContain("SOME");
    expect(messageText(i18n, { id: "error.url.not.found" })).toBe("Not found");
  });

  it("names a shipment filter as the filter control does", () => {
    const nothing = { id: "error.batch.nothingToResend", values: { filter: "ERROR" } };
    expect(messageText(i18n, nothing)).toBe("The filter “Error” selects no shipments; there is nothing to send again.");
    i18n.activate("de");
    expect(messageText(i18n, nothing)).toContain("„Fehler“");
    expect(messageText(i18n, { ...nothing, values: { filter: "SOME" } })).toContain("„SOME“");
  });

  it("names a CSV field the carrier refused by its label", () => {
    const refused = { id: "error.carrier.fault.mandatoryField", values: { field: "postalcode" } };
    expect(messageText(i18n, refused)).toBe("The carrier needs a value in the field Postal code.");
    expect(
      messageText(i18n, { id: "error.carrier.fault.invalidField", values: { field: "weight2", value: "-1" } }),
    ).toBe("The carrier does not accept “-1” in the field Weight 2.");
    i18n.activate("de");
    expect(messageText(i18n, refused)).toContain("Postleitzahl");
  });
});
