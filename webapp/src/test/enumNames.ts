import { i18n, type MessageDescriptor, type Messages } from "@lingui/core";
import { expect } from "vitest";
import { messages as de } from "../locales/de";
import { messages as en } from "../locales/en";
import { messages as es } from "../locales/es";
import { messages as it } from "../locales/it";
import { messages as nl } from "../locales/nl";

const catalogs: Record<string, Messages> = { de, en, es, it, nl };

/** The five locales, for tests that run once per language. */
export const locales = Object.keys(catalogs);

/**
 * Expects every value of a generated enum (what the server may send) to have
 * a name in the table, translated in the locale's catalog, that reads as a
 * word and not as the code (MANIFEST_CREATED). Leaves English active.
 */
export function expectEveryValueNamed(
  locale: string,
  enumObject: Record<string, string | number>,
  names: Record<number, MessageDescriptor>,
) {
  try {
    i18n.loadAndActivate({ locale, messages: catalogs[locale] });
    for (const value of Object.values(enumObject).filter((v): v is number => typeof v === "number")) {
      const code = (enumObject as Record<number, string>)[value];
      const descriptor = names[value];
      expect(descriptor, `${code} has no name`).toBeDefined();
      expect(catalogs[locale][descriptor.id!], `${code}'s name is not in the ${locale} catalog`).toBeDefined();
      expect(i18n._(descriptor)).not.toMatch(/^[A-Z][A-Z_]+$/);
    }
  } finally {
    i18n.loadAndActivate({ locale: "en", messages: en });
  }
}
