import { Trans, useLingui } from "@lingui/react/macro";
import { Link as RadixLink, Text, TextField } from "@radix-ui/themes";
import { type KeyboardEvent, useId, useState } from "react";
import { Link } from "react-router";
import { useAddressBookEntry, useAddressBookSuggestions } from "../api/addressBook";
import type { AddressBookEntry } from "../gen/portal/v1/address_book_pb";
import type { FieldControlProps } from "../components/form/Field";
import { addressIdOf, parcelFieldsOf } from "./addressBook";
import "../components/Autocomplete.css";

type RecipientNameFieldProps = {
  /** The active customer, whose address book is searched; null searches nothing. */
  customerId: bigint | null;
  /** The name as typed; the field stays free text. */
  value: string;
  onChange: (name: string) => void;
  /** An entry was chosen: its parcel form fields (parcelFieldsOf) fill the address. */
  onPick: (fields: Record<string, string>, entry: AddressBookEntry) => void;
  /** The Field's label, hint and error wiring. */
  control?: FieldControlProps;
};

/**
 * The parcel form's name field (spec 2 §2.3, section 1): free text that
 * offers the active customer's address-book entries holding the typed text;
 * choosing one fills the address. A link beside it opens /address-book.
 */
export function RecipientNameField({ customerId, value, onChange, onPick, control }: RecipientNameFieldProps) {
  const { t } = useLingui();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(0);
  const suggestions = useAddressBookSuggestions(customerId, open ? value : "");
  const options = open && value.trim() !== "" ? (suggestions.data ?? []) : [];

  const choose = (entry: AddressBookEntry) => {
    onPick(parcelFieldsOf(entry), entry);
    setOpen(false);
  };
  const keyDown = (event: KeyboardEvent) => {
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && options.length) {
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setHighlighted((current) => (current + step + options.length) % options.length);
    } else if (event.key === "Enter" && options[highlighted]) {
      event.preventDefault();
      choose(options[highlighted]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  };
  const optionId = (index: number) => `${listId}-option-${index}`;
  return (
    <div className="autocomplete">
      <TextField.Root
        {...control}
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options[highlighted] ? optionId(highlighted) : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setHighlighted(0);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={keyDown}
      >
        <TextField.Slot side="right">
          <RadixLink asChild size="1">
            <Link to="/address-book" tabIndex={-1}>
              <Trans>Address book</Trans>
            </Link>
          </RadixLink>
        </TextField.Slot>
      </TextField.Root>
      {options.length > 0 && (
        <ul id={listId} role="listbox" aria-label={t`Address book entries`} className="autocomplete-list">
          {options.map((entry, index) => (
            <li
              key={String(entry.id)}
              id={optionId(index)}
              role="option"
              aria-selected={index === highlighted}
              data-highlighted={index === highlighted || undefined}
              className="autocomplete-option"
              // Choosing happens before the input's blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setHighlighted(index)}
              onClick={() => choose(entry)}
            >
              {entry.name}
              <Text as="div" size="1" color="gray">
                {[entry.street, entry.no].filter(Boolean).join(" ")}, {entry.postalcode} {entry.city},{" "}
                {entry.isoCountry}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The entry /parcel/new was opened with (`?addressId=` from the address book,
 * spec 2 §2.3): its parcel form fields once read, null without one; loading
 * while it is read. An unknown id gives null and the page's not-found notice.
 */
export function useAddressPrefill(search: URLSearchParams) {
  const addressId = addressIdOf(search);
  const entry = useAddressBookEntry(addressId);
  return {
    addressId,
    fields: entry.data ? parcelFieldsOf(entry.data) : null,
    loading: addressId !== null && entry.isPending,
  };
}
