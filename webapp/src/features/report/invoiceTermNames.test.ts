import type { MessageDescriptor } from "@lingui/core";
import type { DescEnum } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { IncotermSchema, ReasonOfExportSchema } from "../../gen/portal/v1/reports_pb";
import { messages as de } from "../../locales/de";
import { messages as en } from "../../locales/en";
import { messages as es } from "../../locales/es";
import { messages as it_ } from "../../locales/it";
import { messages as nl } from "../../locales/nl";
import { incotermNames, incoterms, reasonOfExportNames, reasonsOfExport } from "./invoiceTermNames";

const catalogs = { de, en, es, it: it_, nl };

const sets: [DescEnum, Record<number, MessageDescriptor | null>, readonly number[]][] = [
  [IncotermSchema, incotermNames, incoterms],
  [ReasonOfExportSchema, reasonOfExportNames, reasonsOfExport],
];

describe("incoterms and reasons of export have names in every language", () => {
  it.each(sets.map(([schema, names, offered]) => [schema.name, schema, names, offered] as const))(
    "%s",
    (_, schema, names, offered) => {
      for (const value of schema.values) {
        const name = names[value.number];
        // Unspecified (a row that names none) shows a dash; every other value a name.
        if (value.number === 0) {
          expect(name).toBeNull();
          continue;
        }
        expect(name, `${schema.name}.${value.name} has no name`).toBeTruthy();
        for (const [locale, catalog] of Object.entries(catalogs)) {
          const text = catalog[name!.id];
          expect(text, `${value.name} in ${locale}`).toBeDefined();
          expect(JSON.stringify(text)).not.toBe(JSON.stringify([value.name]));
        }
      }
      expect([...offered].sort()).toEqual(schema.values.filter((v) => v.number !== 0).map((v) => v.number));
    },
  );
});
