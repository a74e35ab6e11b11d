import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import {
  type AddressBookEntry,
  type AddressBookEntrySchema,
  AddressBookService,
} from "../gen/portal/v1/address_book_pb";
import { useListMutation } from "./listMutation";
import { useTransport } from "./TransportContext";

/** The AddressBookService: the active customer's saved recipients (spec 2 §2.5, §7 "Address book"). */
function useAddressBookClient() {
  const transport = useTransport();
  return useMemo(() => createClient(AddressBookService, transport), [transport]);
}

const addressBookKey = ["addressBook"] as const;

/** The address book grid's page size (spec 2 §9). */
export const addressBookPageSize = 20;

export type AddressBookEntryInit = MessageInitShape<typeof AddressBookEntrySchema>;

export type AddressBookPageRequest = { customerId: bigint | null; search: string; page: number; size?: number };

/** One page of the customer's entries by name, those the search finds (server paged). */
export function useAddressBookPage({ customerId, search, page, size = addressBookPageSize }: AddressBookPageRequest) {
  const client = useAddressBookClient();
  return useQuery({
    queryKey: [...addressBookKey, "page", String(customerId), search, page, size],
    queryFn: async ({ signal }) => {
      const { entries, totalCount } = await client.listAddressBookEntries(
        { customerId: customerId ?? 0n, search, page, pageSize: size },
        { signal },
      );
      return { items: entries, totalCount: Number(totalCount) };
    },
    enabled: customerId !== null,
    placeholderData: keepPreviousData,
  });
}

/** One entry (GET web/api/address-books/{id}): the detail, the edit form, the parcel form's prefill. */
export function useAddressBookEntry(id: bigint | null) {
  const client = useAddressBookClient();
  return useQuery({
    queryKey: [...addressBookKey, "one", String(id)],
    queryFn: async ({ signal }) => (await client.getAddressBookEntry({ id: id ?? 0n }, { signal })).entry ?? null,
    enabled: id !== null,
    meta: { pageShowsNotFound: true },
  });
}

/** Creates (no id) or updates an entry of the customer. */
export function useSaveAddressBookEntry() {
  const client = useAddressBookClient();
  return useListMutation(
    addressBookKey,
    async ({ customerId, entry }: { customerId: bigint; entry: AddressBookEntryInit }) =>
      (entry.id
        ? await client.updateAddressBookEntry({ customerId, entry })
        : await client.createAddressBookEntry({ customerId, entry })
      ).entry,
  );
}

export function useDeleteAddressBookEntry(customerId: bigint | null) {
  const client = useAddressBookClient();
  return useListMutation(addressBookKey, (id: bigint) =>
    client.deleteAddressBookEntry({ customerId: customerId ?? 0n, id }),
  );
}

/** POST web/api/address-books/customer/{id}/csv: stores every row or, when any fails, none. */
export function useImportAddressBook() {
  const client = useAddressBookClient();
  return useListMutation(addressBookKey, ({ customerId, csv }: { customerId: bigint; csv: Uint8Array }) =>
    client.importAddressBook({ customerId, file: { contentType: "text/csv", data: csv } }),
  );
}

/** The customer's whole address book as CSV (';', UTF-8 with BOM). */
export function useExportAddressBook() {
  const client = useAddressBookClient();
  return useMutation({
    mutationFn: async (customerId: bigint) => (await client.exportAddressBook({ customerId })).file,
  });
}

/** GET /web/api/csv-template-docs/address-book: the import's template. */
export function useAddressBookTemplate() {
  const client = useAddressBookClient();
  return useMutation({ mutationFn: async () => (await client.getAddressBookTemplate({})).file });
}

/** How many suggestions the parcel form's name field offers. */
export const suggestionCount = 10;

/** Waits until the text has not changed for `delay` ms. */
function useSettled(text: string, delay: number) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return settled;
}

/**
 * The parcel form's name autocomplete (spec 2 §2.3): the customer's entries
 * whose name (or contact, street, city, ...) holds the typed text, asked
 * once typing pauses; nothing before a letter is typed.
 */
export function useAddressBookSuggestions(customerId: bigint | null, text: string, delay = 250) {
  const client = useAddressBookClient();
  const search = useSettled(text.trim(), delay);
  return useQuery({
    queryKey: [...addressBookKey, "suggestions", String(customerId), search],
    queryFn: async ({ signal }): Promise<AddressBookEntry[]> =>
      (
        await client.listAddressBookEntries(
          { customerId: customerId ?? 0n, search, pageSize: suggestionCount },
          { signal },
        )
      ).entries,
    enabled: customerId !== null && search !== "",
    placeholderData: keepPreviousData,
  });
}

/**
 * The address book as promises, for code that asks outside render (the
 * parcel form's address-book seam): one entry by id (null when the caller
 * has none with that id), and the entries a name search finds. Both go
 * through the query cache, so the list pages and the form share answers.
 */
export function useAddressBookLookups(customerId: bigint | null) {
  const client = useAddressBookClient();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      entry: async (id: bigint): Promise<AddressBookEntry | null> => {
        try {
          return await queryClient.fetchQuery({
            queryKey: [...addressBookKey, "one", String(id)],
            queryFn: async ({ signal }) => (await client.getAddressBookEntry({ id }, { signal })).entry ?? null,
          });
        } catch {
          return null;
        }
      },
      search: async (text: string): Promise<AddressBookEntry[]> => {
        const search = text.trim();
        if (customerId === null || search === "") return [];
        return queryClient.fetchQuery({
          queryKey: [...addressBookKey, "suggestions", String(customerId), search],
          queryFn: async ({ signal }) =>
            (await client.listAddressBookEntries({ customerId, search, pageSize: suggestionCount }, { signal }))
              .entries,
        });
      },
    }),
    [client, queryClient, customerId],
  );
}
