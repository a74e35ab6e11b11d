import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { brokenRules, maxLengthOf, requiredFieldsOf } from "../../components/form/fieldRules";
import { isKnownMessageKey } from "../../errors/serverMessages";
import { AddressBookEntrySchema } from "../../gen/portal/v1/address_book_pb";
import { type AddressField, addressFields } from "../../shipping/addressBook";

/*
 * An entry's field rules in the browser: the lengths and mandatory fields the
 * proto states on AddressBookEntry, which are core/addressbook's (a test in
 * adapters/rpc holds them alike, and testdata/validation/field_rules.json the
 * two validators). Country, postal code, e-mail and phone come back from the
 * server on save, as its field errors.
 */

/** The server's key of a missing mandatory field (spec 2 §5.6). */
export const notEmptyKey = "jakarta.validation.constraints.NotEmpty";

/** The server's key of a value longer than its field takes (core/shipment). */
export const maxLengthKey = "error.shipment.maxLength";

/** The fields an entry needs (spec 2 §5.6), as the proto marks them. */
export const mandatoryAddressFields: readonly AddressField[] = (() => {
  const required = requiredFieldsOf(AddressBookEntrySchema);
  return addressFields.filter((field) => required.includes(field));
})();

/** The longest value a field takes, as the proto states it; undefined for none (the country is chosen). */
export const addressMaxLength = (field: string): number | undefined => maxLengthOf(AddressBookEntrySchema, field);

/**
 * A field violation of an entry as the user reads it: the server's rule key,
 * with the field's limit or the country where the key names one.
 */
export function addressViolation(field: string, rule: string, country = ""): MessageDescriptor {
  if (!isKnownMessageKey(rule)) return msg`This value is not valid.`;
  const values: Record<string, string> = { country };
  const max = addressMaxLength(field);
  if (max) values.max = String(max);
  return { id: rule, values };
}

/**
 * The entry's fields that break the proto's rules, checked as the server
 * checks them, on the trimmed values (core/addressbook normalizes first),
 * with the message the server would answer.
 */
export function entryViolations(
  values: Record<AddressField, string>,
): Partial<Record<AddressField, MessageDescriptor>> {
  const trimmed = Object.fromEntries(addressFields.map((field) => [field, values[field].trim()]));
  const out: Partial<Record<AddressField, MessageDescriptor>> = {};
  for (const [field, rule] of Object.entries(brokenRules(AddressBookEntrySchema, trimmed))) {
    if (!(addressFields as readonly string[]).includes(field)) continue;
    out[field as AddressField] = addressViolation(field, rule === "required" ? notEmptyKey : maxLengthKey);
  }
  return out;
}
