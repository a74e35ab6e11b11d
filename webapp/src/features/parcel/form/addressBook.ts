import type { FormValues } from "./parcelForm";

/**
 * The address book's seam in the parcel form (spec 2 §2.3, §2.5; built on
 * branch i11-addressbook). The form asks here for the values an address-book
 * entry fills in, when /parcel/new carries `?addressId=`; and the name
 * field asks `suggest` for entries as the user types. Until the address book
 * is wired, nothing is prefilled and nothing is suggested; the form's
 * 'add to address book' box is sent with the parcel (addAddressToAddressBook).
 */
export type AddressBookSeam = {
  /** The receiver of an address-book entry, as form values. */
  prefill: (addressId: string) => Promise<Partial<FormValues> | null>;
  /** Entries whose name starts with the text, as form values. */
  suggest: (name: string) => Promise<Partial<FormValues>[]>;
};

export const noAddressBook: AddressBookSeam = {
  prefill: () => Promise.resolve(null),
  suggest: () => Promise.resolve([]),
};
