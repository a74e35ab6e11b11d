import type { MessageDescriptor, Messages } from "@lingui/core";
import { expect } from "vitest";
import { type NumericEnum, enumNameOf, enumValues } from "../api/enums";
import { messages as de } from "../locales/de";
import { messages as en } from "../locales/en";
import { messages as es } from "../locales/es";
import { messages as it } from "../locales/it";
import { messages as nl } from "../locales/nl";

const catalogs: Record<string, Messages> = { de, en, es, it, nl };

/**
 * Fails when a value of a contract enum (zero, UNSPECIFIED, excepted) has no
 * name in `names`, or its name no message in one of the five catalogs: a
 * value added to the proto must be named and translated before a screen can
 * show it.
 */
export function expectEveryValueNamed(e: NumericEnum, names: Partial<Record<number, MessageDescriptor>>): void {
  for (const value of enumValues(e)) {
    const name = names[value];
    expect(name, `${enumNameOf(e, value)} has no name`).toBeDefined();
    for (const [locale, messages] of Object.entries(catalogs)) {
      expect(messages[name?.id ?? ""], `${enumNameOf(e, value)} has no ${locale} message`).toBeDefined();
    }
  }
}
