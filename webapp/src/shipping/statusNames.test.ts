import { i18n, type Messages } from "@lingui/core";
import { afterEach, describe, expect, it } from "vitest";
import { Batch_Status } from "../gen/portal/v1/batches_pb";
import { ParcelRow_Status } from "../gen/portal/v1/parcels_pb";
import { ReportRow_Status } from "../gen/portal/v1/reports_pb";
import { messages as de } from "../locales/de";
import { messages as en } from "../locales/en";
import { messages as es } from "../locales/es";
import { messages as it_ } from "../locales/it";
import { messages as nl } from "../locales/nl";
import {
  batchStatusNameOf,
  batchStatusNames,
  parcelStatusNames,
  reportStatusCodes,
  reportStatusNameOf,
  reportStatusNames,
} from "./statusNames";

const catalogs: Record<string, Messages> = { de, en, es, it: it_, nl };

/** Every value of a generated enum, by its number: what the server may send. */
const valuesOf = (enumObject: Record<string, string | number>) =>
  Object.values(enumObject).filter((value): value is number => typeof value === "number");

const tables = [
  ["batch", Batch_Status, batchStatusNames],
  ["parcel", ParcelRow_Status, parcelStatusNames],
  ["report", ReportRow_Status, reportStatusNames],
] as const;

describe("status names", () => {
  afterEach(() => i18n.loadAndActivate({ locale: "en", messages: en }));

  describe.each(Object.keys(catalogs))("in %s", (locale) => {
    it.each(tables)("names every %s status, never by its code", (_, enumObject, names) => {
      i18n.loadAndActivate({ locale, messages: catalogs[locale] });
      const table = names as Record<number, { id: string }>;
      for (const value of valuesOf(enumObject)) {
        const descriptor = table[value];
        expect(descriptor, `${(enumObject as Record<number, string>)[value]} has no name`).toBeDefined();
        expect(catalogs[locale][descriptor.id], `${descriptor.id} is not in the ${locale} catalog`).toBeDefined();
        expect(i18n._(descriptor)).not.toMatch(/^[A-Z][A-Z_]+$/);
      }
    });
  });

  it("reads a status the server names in a message's values, and leaves an unknown one alone", () => {
    expect(i18n._(batchStatusNameOf("MANIFEST_CREATED")!)).toBe("Manifest created");
    expect(batchStatusNameOf("PAUSED")).toBeUndefined();
  });

  it("offers the report's status filter as the search model spells it, with the names people read", () => {
    expect(reportStatusCodes).toEqual(["SENDING", "SENT", "CREATING_MANIFEST", "MANIFEST_CREATED", "ERROR"]);
    expect(i18n._(reportStatusNameOf("ERROR"))).toBe("Error");
  });
});
