import { Trans, useLingui } from "@lingui/react/macro";
import { MagnifyingGlassIcon, PaperPlaneIcon, UploadIcon } from "@radix-ui/react-icons";
import { Button, Flex, IconButton, Link as RadixLink, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { addressBookPageSize, useAddressBookPage } from "../../api/addressBook";
import { useActiveCustomer } from "../../auth/activeCustomer";
import { type DataColumn, DataTable } from "../../components/DataTable";
import { CreateButton, ListPage } from "../../components/ListPage";
import { pageOf, pageSearch } from "../../components/pageParams";
import { RowActions } from "../../components/RowActions";
import { Warning } from "../../components/Warning";
import type { AddressBookEntry } from "../../gen/portal/v1/address_book_pb";
import { pageTitles } from "../../navigation/pageTitles";
import { newParcelPath } from "../../shipping/addressBook";
import { countryName } from "../../shipping/countries";
import { ExportButton } from "./ExportButton";

const sizes = [addressBookPageSize];
const entryPath = (entry: AddressBookEntry) => `/address-book/${entry.id}`;

/**
 * /address-book (spec 2 §2.5): the active customer's entries by name, 20 a
 * page from the server, with a search box, CSV download, import, create and
 * per row create-parcel, view, edit and delete.
 */
export function AddressBookListPage() {
  const { i18n, t } = useLingui();
  const { activeCustomer } = useActiveCustomer();
  const [params, setParams] = useSearchParams();
  const { page } = pageOf(params, sizes);
  const search = params.get("search") ?? "";
  const [typed, setTyped] = useState(search);
  const entries = useAddressBookPage({ customerId: activeCustomer?.id ?? null, search, page });
  const go = (next: { page: number; search: string }) => {
    const out = pageSearch({ page: next.page, size: addressBookPageSize }, sizes);
    if (next.search.trim() !== "") out.search = next.search.trim();
    setParams(out, { replace: true });
  };
  // The search runs once typing pauses, from the first page.
  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = setTimeout(() => go({ page: 0, search: typed }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- go is new every render; typed and search decide.
  }, [typed, search]);

  const columns: DataColumn<AddressBookEntry>[] = [
    {
      id: "name",
      header: t`Name`,
      meta: { rowHeader: true },
      cell: ({ row }) => (
        <RadixLink asChild>
          <Link to={entryPath(row.original)}>{row.original.name}</Link>
        </RadixLink>
      ),
    },
    { id: "recipientNumber", header: t`Recipient number`, cell: ({ row }) => row.original.recipientNumber },
    { id: "contact", header: t`Contact`, cell: ({ row }) => row.original.contact },
    {
      id: "street",
      header: t`Street`,
      cell: ({ row }) => [row.original.street, row.original.no].filter(Boolean).join(" "),
    },
    { id: "postalcode", header: t`Zip code`, cell: ({ row }) => row.original.postalcode },
    { id: "city", header: t`City`, cell: ({ row }) => row.original.city },
    { id: "country", header: t`Country`, cell: ({ row }) => countryName(row.original.isoCountry, i18n.locale) },
  ];
  return (
    <ListPage
      title={i18n._(pageTitles.addressBook)}
      actions={
        activeCustomer && (
          <Flex gap="3" wrap="wrap">
            <ExportButton customerId={activeCustomer.id} />
            <Button asChild variant="soft">
              <Link to="/address-book/import">
                <UploadIcon />
                <Trans>Import</Trans>
              </Link>
            </Button>
            <CreateButton to="/address-book/new">
              <Trans>Create a new entry</Trans>
            </CreateButton>
          </Flex>
        )
      }
    >
      {!activeCustomer ? (
        <Warning>
          <Trans>Please choose a customer first.</Trans>
        </Warning>
      ) : (
        <>
          <TextField.Root
            aria-label={t`Search`}
            placeholder={t`Search by name, street, city, e-mail…`}
            value={typed}
            maxLength={100}
            onChange={(event) => setTyped(event.target.value)}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
          <DataTable
            items={entries.data?.items}
            failed={entries.isError}
            busy={entries.isPlaceholderData}
            empty={
              <Warning>
                <Trans>No address book entries found</Trans>
              </Warning>
            }
            columns={columns}
            rowId={(entry) => String(entry.id)}
            actions={(entry) => (
              <Flex gap="2" justify="end" align="center">
                <IconButton asChild variant="ghost" aria-label={t`Create a parcel for ${entry.name}`}>
                  <Link to={newParcelPath(entry.id)}>
                    <PaperPlaneIcon />
                  </Link>
                </IconButton>
                <RowActions
                  path={entryPath(entry)}
                  labels={{ view: t`View ${entry.name}`, edit: t`Edit ${entry.name}`, delete: t`Delete ${entry.name}` }}
                />
              </Flex>
            )}
            pagination={{
              page,
              size: addressBookPageSize,
              total: entries.data?.totalCount ?? 0,
              onPageChange: (next) => go({ page: next, search }),
            }}
          />
        </>
      )}
    </ListPage>
  );
}
