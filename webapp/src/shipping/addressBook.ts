import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type AddressBookEntry, AddressBookEntrySchema } from "../gen/portal/v1/address_book_pb";
import { type CsvShipmentDto, CsvShipmentDtoSchema } from "../gen/portal/v1/parcels_pb";
import { fieldLabel } from "./fieldLabels";
import { type TextKeys, textFieldsOf, textValues } from "./textFields";

/**
 * An address-book entry's fields (spec 2 §3), as its JSON, its CSV header and
 * the server's violations name them: AddressBookEntry's text fields, read from
 * its generated schema, so the list is the proto's (core/addressbook.Fields; a
 * test in adapters/rpc holds the two alike). Their rules are the proto's
 * annotations of core/addressbook's, which the address-book pages check
 * (features/address-book/entryRules.ts).
 */
export type AddressField = TextKeys<AddressBookEntry>;
export const addressFields: readonly AddressField[] = textFieldsOf(AddressBookEntrySchema);

const ownLabels: Partial<Record<AddressField, MessageDescriptor>> = {
  recipientNumber: msg`Recipient number`,
  name: msg`Name`,
  street2: msg`Additional address 1`,
  street3: msg`Additional address 2`,
  postalcode: msg`Zip code`,
  isoCountry: msg`Country code`,
  phone: msg`Phone`,
};

/** What the address book calls a field. */
export function addressFieldLabel(i18n: I18n, field: string): string {
  const own = ownLabels[field as AddressField];
  return own ? i18n._(own) : fieldLabel(i18n, field);
}

/**
 * The parcel form's fields an entry fills (spec 2 §2.3): those of its fields
 * the form has too, by the same names (every one but the recipient number;
 * the proto names each shared field once, and core checks it by one rule).
 */
export type ParcelAddressField = Extract<AddressField, TextKeys<CsvShipmentDto>>;
export const parcelAddressFields: readonly ParcelAddressField[] = addressFields.filter(
  (field): field is ParcelAddressField => field in CsvShipmentDtoSchema.field,
);

/** An entry's values of the parcel form's fields. */
export function parcelFieldsOf(entry: AddressBookEntry): Record<ParcelAddressField, string> {
  return textValues(parcelAddressFields, entry);
}

/** The id the address book hands to /parcel/new (`?addressId=`), or null. */
export function addressIdOf(search: URLSearchParams): bigint | null {
  const raw = search.get("addressId") ?? "";
  return /^[1-9][0-9]{0,18}$/.test(raw) ? BigInt(raw) : null;
}

/** Where the address book's create-parcel action goes. */
export const newParcelPath = (id: bigint) => `/parcel/new?addressId=${id}`;
