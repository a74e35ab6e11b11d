import type { MessageDescriptor } from "@lingui/core";
import type { DescEnum } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { InquiryInsuranceSchema, InquiryProductSchema, InquiryReasonSchema } from "../../gen/portal/v1/inquiries_pb";
import { messages as de } from "../../locales/de";
import { messages as en } from "../../locales/en";
import { messages as es } from "../../locales/es";
import { messages as it_ } from "../../locales/it";
import { messages as nl } from "../../locales/nl";
import { insuranceNames, insurances, productNames, products, reasonNames, reasons } from "./inquiryNames";

const catalogs = { de, en, es, it: it_, nl };

const sets: [DescEnum, Record<number, MessageDescriptor>, readonly number[]][] = [
  [InquiryProductSchema, productNames, products],
  [InquiryInsuranceSchema, insuranceNames, insurances],
  [InquiryReasonSchema, reasonNames, reasons],
];

describe("the inquiry's products, insurance tiers and reasons have names in every language", () => {
  it.each(sets.map(([schema, names, offered]) => [schema.name, schema, names, offered] as const))(
    "%s",
    (_, schema, names, offered) => {
      for (const value of schema.values) {
        const name = names[value.number];
        expect(name, `${schema.name}.${value.name} has no name`).toBeDefined();
        for (const [locale, catalog] of Object.entries(catalogs)) {
          const text = catalog[name.id];
          expect(text, `${value.name} in ${locale}`).toBeDefined();
          expect(JSON.stringify(text)).not.toContain(value.name);
        }
      }
      // The form offers every value but unspecified.
      expect([...offered].sort()).toEqual(schema.values.filter((v) => v.number !== 0).map((v) => v.number));
    },
  );
});
