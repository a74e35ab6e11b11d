import { Trans } from "@lingui/react/macro";
import { CaretDownIcon, CaretSortIcon, CaretUpIcon } from "@radix-ui/react-icons";
import { Table, VisuallyHidden } from "@radix-ui/themes";
import {
  type ColumnDef,
  type ColumnDefTemplate,
  functionalUpdate,
  type RowData,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from "@tanstack/react-table";
import { type ComponentProps, type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from "react";
import { PageLoading } from "../pages/PageLoading";
import { Pagination } from "./Pagination";
import "./DataTable.css";

/** What a column says about its cells beyond their content. */
type ColumnLook = {
  /** Its cells name their row (a `th` of scope row): the link to the item, or its key. */
  rowHeader?: boolean;
  /** The style of each of its cells. */
  cellStyle?: CSSProperties;
};

const features = tableFeatures({ rowSortingFeature, columnMeta: {} as ColumnLook });

/**
 * A column of a DataTable: `id`, `header` (text, or a function returning
 * what the header shows), `cell` (a function of `{ row }`, `row.original`
 * being the item), `meta` (ColumnLook) and, for a sortable column,
 * `enableSorting: true` (its id is the sort field). Cells are called as
 * functions, not mounted as components: a cell that needs hooks renders a
 * component of its own.
 */
export type DataColumn<T extends RowData> = ColumnDef<typeof features, T, unknown>;

/** The one order a server-sorted list is in. */
export type SortOrder = { field: string; direction: "asc" | "desc" };

type RowProps = Omit<ComponentProps<typeof Table.Row>, "children">;

type DataTableProps<T extends RowData> = {
  /** The items of the page shown; undefined until the server has answered. */
  items: T[] | undefined;
  columns: DataColumn<T>[];
  /** A key of an item, unique in the list. */
  rowId: (item: T) => string;
  /** The query failed: the failure notice says so, the list shows nothing instead of spinning on. */
  failed?: boolean;
  /** Marks the table busy while the next page loads over the one shown, or a change is saved. */
  busy?: boolean;
  /** What stands where the table would be when the list is empty. */
  empty?: ReactNode;
  /** The row actions of an item, in a last column whose header is named for screen readers only. */
  actions?: (item: T) => ReactNode;
  /** The server's order: the sortable columns' headers show it and change it. */
  sort?: { order: SortOrder; onSort: (order: SortOrder) => void };
  /** The attributes of an item's row (at its place in the list); rows align their cells to the middle unless it says otherwise. */
  rowProps?: (item: T, index: number) => RowProps;
  size?: ComponentProps<typeof Table.Root>["size"];
  /** The way through the pages; none for a list the server answers whole. */
  pagination?: ComponentProps<typeof Pagination>;
};

/**
 * The table of a list: loading, empty, or a header row and a row per item
 * from the page's column definitions (TanStack Table), with the pagination
 * under it when the server pages the list.
 *
 * A table wider than its place scrolls sideways, but the row stays
 * recognisable and workable: the row-header column (the item's name or key)
 * and the columns before it (the selection) stick to the left edge, the
 * actions column to the right edge. Pinned columns taking more than
 * `maxPinnedShare` of the width do not stick, so the others stay readable.
 */
export function DataTable<T extends RowData>({ items, failed, empty, pagination, ...table }: DataTableProps<T>) {
  if (!items) return failed ? null : <PageLoading />;
  if (items.length === 0) return empty ?? null;
  return (
    <>
      <ItemsTable items={items} {...table} />
      {pagination && <Pagination {...pagination} />}
    </>
  );
}

const actionsColumnId = "actions";

/** The most of the table's visible width its pinned columns may take. */
const maxPinnedShare = 0.6;

/** Where a column's cells stick while the table scrolls sideways. */
type Pin = { side: "start" | "end"; last: boolean };

/** The columns that stick: the row-header column and those before it at the start, the actions at the end. */
function pinsOf(columnIds: string[], rowHeaderIndex: number, hasActions: boolean): Map<string, Pin> {
  const pins = new Map<string, Pin>();
  columnIds.forEach((id, index) => {
    if (index <= rowHeaderIndex) pins.set(id, { side: "start", last: index === rowHeaderIndex });
  });
  if (hasActions) pins.set(actionsColumnId, { side: "end", last: true });
  return pins;
}

/** How the pinned columns stand: the start columns' left offsets, and the widths focus scrolling keeps clear. */
type PinLayout = { offsets: number[]; start: number; end: number };

/**
 * The layout of the pinned columns, measured from the header cells of the
 * table the returned ref is on; null while they would take too much of the
 * width, and then nothing sticks.
 */
function usePinLayout(pinnedStart: number, pinnedEnd: boolean) {
  const root = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<PinLayout | null>(null);
  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    const measure = () => {
      const headers = [...element.querySelectorAll<HTMLElement>("thead tr:first-child > th")];
      const viewport = element.querySelector<HTMLElement>(".rt-ScrollAreaViewport") ?? element;
      const widths = headers.map((cell) => cell.getBoundingClientRect().width);
      const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
      const startWidths = widths.slice(0, pinnedStart);
      const start = sum(startWidths);
      const end = pinnedEnd ? (widths.at(-1) ?? 0) : 0;
      const next =
        viewport.clientWidth > 0 && start + end > viewport.clientWidth * maxPinnedShare
          ? null
          : { offsets: startWidths.map((_, index) => sum(startWidths.slice(0, index))), start, end };
      setLayout((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    const table = element.querySelector("table");
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [pinnedStart, pinnedEnd]);
  return { root, layout };
}

/** The class and style of a pinned column's cells. */
function pinProps(pin: Pin | undefined, offset: number | undefined, style?: CSSProperties) {
  if (!pin || offset === undefined) return { style };
  const side = pin.side === "start" ? { insetInlineStart: offset } : { insetInlineEnd: 0 };
  return {
    className: `pinned pinned-${pin.side}${pin.last ? " pinned-edge" : ""}`,
    style: { ...style, ...side },
    "data-pin": pin.side,
  };
}

function ItemsTable<T extends RowData>({
  items,
  columns,
  rowId,
  busy,
  actions,
  sort,
  rowProps,
  size,
}: Omit<DataTableProps<T>, "failed" | "empty" | "pagination"> & { items: T[] }) {
  const allColumns: DataColumn<T>[] = actions
    ? [
        ...columns,
        {
          id: actionsColumnId,
          header: () => (
            <VisuallyHidden>
              <Trans>Actions</Trans>
            </VisuallyHidden>
          ),
          cell: ({ row }) => actions(row.original),
        },
      ]
    : columns;
  const columnIds = allColumns.map((column, index) => column.id ?? String(index));
  const rowHeaderIndex = columns.findIndex((column) => column.meta?.rowHeader);
  const pins = pinsOf(columnIds, rowHeaderIndex, !!actions);
  const { root, layout } = usePinLayout(rowHeaderIndex + 1, !!actions);
  const offsetOf = (id: string) => {
    const pin = pins.get(id);
    if (!pin || !layout) return undefined;
    return pin.side === "end" ? 0 : layout.offsets[columnIds.indexOf(id)];
  };
  // Focus scrolling (DataTable.css) keeps a focused cell clear of the pinned columns.
  const pinnedWidths = layout
    ? ({ "--pinned-start-width": `${layout.start}px`, "--pinned-end-width": `${layout.end}px` } as CSSProperties)
    : undefined;
  const sorting: SortingState = sort ? [{ id: sort.order.field, desc: sort.order.direction === "desc" }] : [];
  const table = useTable({
    features,
    columns: allColumns,
    data: items,
    getRowId: rowId,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = functionalUpdate(updater, sorting);
      if (sort && next) sort.onSort({ field: next.id, direction: next.desc ? "desc" : "asc" });
    },
    // The server sorts, one column at a time; a sorted column turns round, it is never unsorted.
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
  });
  return (
    <Table.Root ref={root} className="data-table" style={pinnedWidths} variant="surface" size={size} aria-busy={busy}>
      <Table.Header>
        {table.getHeaderGroups().map((group) => (
          <Table.Row key={group.id}>
            {group.headers.map((header) => {
              const { column } = header;
              const content = render(column.columnDef.header, header.getContext());
              const pinned = pinProps(pins.get(column.id), offsetOf(column.id));
              if (!sort || column.columnDef.enableSorting !== true) {
                return (
                  <Table.ColumnHeaderCell key={header.id} {...pinned}>
                    {content}
                  </Table.ColumnHeaderCell>
                );
              }
              const sorted = sort.order.field === column.id ? sort.order.direction : false;
              return (
                <SortableHeader key={header.id} sorted={sorted} onSort={() => column.toggleSorting()} pinned={pinned}>
                  {content}
                </SortableHeader>
              );
            })}
          </Table.Row>
        ))}
      </Table.Header>
      <Table.Body>
        {table.getRowModel().rows.map((row) => (
          <Table.Row key={row.id} align="center" {...rowProps?.(row.original, row.index)}>
            {row.getAllCells().map((cell) => {
              const { meta } = cell.column.columnDef;
              const Cell = meta?.rowHeader ? Table.RowHeaderCell : Table.Cell;
              return (
                <Cell key={cell.id} {...pinProps(pins.get(cell.column.id), offsetOf(cell.column.id), meta?.cellStyle)}>
                  {render(cell.column.columnDef.cell, cell.getContext())}
                </Cell>
              );
            })}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** A header or cell template, called as a function: the columns of a page are made anew on each render. */
function render<P extends object>(template: ColumnDefTemplate<P> | undefined, context: P): ReactNode {
  return typeof template === "function" ? (template(context) as ReactNode) : template;
}

/** A column header that sorts the list by its column, and on a second click the other way round. */
function SortableHeader({
  sorted,
  onSort,
  pinned,
  children,
}: {
  sorted: false | "asc" | "desc";
  onSort: () => void;
  pinned: ReturnType<typeof pinProps>;
  children: ReactNode;
}) {
  const Icon = !sorted ? CaretSortIcon : sorted === "asc" ? CaretUpIcon : CaretDownIcon;
  return (
    <Table.ColumnHeaderCell {...pinned} aria-sort={!sorted ? "none" : sorted === "asc" ? "ascending" : "descending"}>
      <button type="button" className="sortable-header" onClick={onSort}>
        {children}
        <Icon aria-hidden />
      </button>
    </Table.ColumnHeaderCell>
  );
}
