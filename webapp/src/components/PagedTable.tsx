import { Trans } from "@lingui/react/macro";
import { Table, VisuallyHidden } from "@radix-ui/themes";
import type { ComponentProps, ReactNode } from "react";
import { PageLoading } from "../pages/PageLoading";
import { Pagination } from "./Pagination";

type PagedTableProps<T> = {
  /** The items of the page shown; undefined until the server has answered. */
  items: T[] | undefined;
  /** The query failed: the failure notice says so, the list shows nothing instead of spinning on. */
  failed: boolean;
  /** Marks the table busy while the next page loads over the one shown, or a change is saved. */
  busy?: boolean;
  /** What stands where the table would be when the page is empty. */
  empty: ReactNode;
  /** The column headers; an unnamed column for the row actions follows them. */
  columns: ReactNode;
  /** One Table.Row per item (its place on the page: index), its RowActions in the last cell. */
  row: (item: T, index: number) => ReactNode;
  /** The way through the pages; none for a list the server answers whole. */
  pagination?: ComponentProps<typeof Pagination>;
};

/**
 * The table of a list page in its three states: loading, empty, or the table
 * (with the pagination under it when the server pages the list).
 */
export function PagedTable<T>({ items, failed, busy, empty, columns, row, pagination }: PagedTableProps<T>) {
  if (!items) return failed ? null : <PageLoading />;
  if (items.length === 0) return empty;
  return (
    <>
      <Table.Root variant="surface" aria-busy={busy}>
        <Table.Header>
          <Table.Row>
            {columns}
            <Table.ColumnHeaderCell>
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>{items.map((item, index) => row(item, index))}</Table.Body>
      </Table.Root>
      {pagination && <Pagination {...pagination} />}
    </>
  );
}
