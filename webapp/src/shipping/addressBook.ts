import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AddressBookEntry } from "../gen/portal/v1/address_book_pb";
import { isKnownMessageKey } from "../errors/serverMessages";
import { fieldLabel } from "./fieldLabels";

/** An address-book entry's fields (spec 2 §3), as its JSON, its CSV header and the server's violations name them. */
export const addressFields = [
  "recipientNumber",
  "name",
  "contact",
  "street",
  "no",
  "street2",
  "street3",
  "postalcode",
  "city",
  "region",
  "isoCountry",
  "email",
  "mobile",
  "phone",
] as const;

export type AddressField = (typeof addressFields)[number];

/** The fields an entry needs (spec 2 §5.6). */
export const mandatoryAddressFields: readonly AddressField[] = ["name", "street", "postalcode", "city", "isoCountry"];

/** The longest value of each field, the parcel's limits (core/addressbook). */
export const addressMaxLengths: Record<AddressField, number> = {
  recipientNumber: 35,
  name: 35,
  contact: 35,
  street: 35,
  no: 10,
  street2: 35,
  street3: 35,
  postalcode: 10,
  city: 35,
  region: 35,
  isoCountry: 2,
  email: 80,
  mobile: 20,
  phone: 20,
};

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

/** The server's key of a missing mandatory field (spec 2 §5.6). */
export const notEmptyKey = "jakarta.validation.constraints.NotEmpty";

/**
 * A field violation of an entry as the user reads it: the server's rule key,
 * with the field's limit or the country where the key names one.
 */
export function addressViolation(field: string, rule: string, country = ""): MessageDescriptor {
  if (!isKnownMessageKey(rule)) return msg`This value is not valid.`;
  const values: Record<string, string> = { country };
  const max = addressMaxLengths[field as AddressField];
  if (max) values.max = String(max);
  return { id: rule, values };
}

/**
 * The parcel form's fields (spec 2 §3, parcel form fields) an entry fills:
 * name, contact, street, no, street2, street3, postalcode, city, region,
 * isoCountry, email, mobile, phone.
 */
export function parcelFieldsOf(entry: AddressBookEntry): Record<string, string> {
  return {
    name: entry.name,
    contact: entry.contact,
    street: entry.street,
    no: entry.no,
    street2: entry.street2,
    street3: entry.street3,
    postalcode: entry.postalcode,
    city: entry.city,
    region: entry.region,
    isoCountry: entry.isoCountry,
    email: entry.email,
    mobile: entry.mobile,
    phone: entry.phone,
  };
}

/** The id the address book hands to /parcel/new (`?addressId=`), or null. */
export function addressIdOf(search: URLSearchParams): bigint | null {
  const raw = search.get("addressId") ?? "";
  return /^[1-9][0-9]{0,18}$/.test(raw) ? BigInt(raw) : null;
}

/** Where the address book's create-parcel action goes. */
export const newParcelPath = (id: bigint) => `/parcel/new?addressId=${id}`;
