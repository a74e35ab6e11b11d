import { useLingui } from "@lingui/react/macro";
import { type ColumnDef, tableFeatures, useTable } from "@tanstack/react-table";
import { defaultRangeExtractor, type Range, useVirtualizer } from "@tanstack/react-virtual";
import { Flex, Text, Tooltip } from "@radix-ui/themes";
import { Fragment, useCallback, useMemo, useRef, useState } from "react";
import type { FieldValue, ValidatedShipment } from "../../../gen/portal/v1/batches_pb";
import { columnLabel } from "../../../shipping/fieldLabels";
import { cellOf, columnOf, type GridColumn } from "../../../shipping/gridColumns";
import { violationText } from "../../../shipping/violationText";
import { type CellAt, useActiveCell } from "./useActiveCell";
import "./ValidatedGrid.css";

/** Rows are one line high, so the virtualizer knows every row's place without measuring it. */
export const gridRowHeight = 34;
/** The header has two lines: the column's label and, under it, its name in the CSV file. */
export const gridHeaderHeight = 44;
const positionWidth = 64;
const narrowFields = new Set(["no", "isoCountry", "weight", "format", "currency", "quantity", "origincountry"]);
const widthOf = (column: GridColumn) => (narrowFields.has(column.field) ? 96 : 160);

const features = tableFeatures({});

type ValidatedGridProps = {
  /** The rows shown: a page of all rows, or of only the invalid ones. */
  rows: ValidatedShipment[];
  /** Which columns exist is decided by every row of the batch, so neither the page nor the toggle moves them. */
  columns: GridColumn[];
  /** The rows on all pages, and how many come before this page's first, for assistive technology. */
  rowCount: number;
  rowOffset: number;
  editable: boolean;
  /** Sends the edited row; resolves once the server answered. */
  onEdit: (row: ValidatedShipment, column: GridColumn, value: string) => Promise<unknown>;
};

/** The indexes the virtualizer renders, plus one it must keep rendered (the active cell's). */
function withIndex(indexes: number[], index: number): number[] {
  if (index < 0 || indexes.includes(index)) return indexes;
  return [...indexes, index].sort((a, b) => a - b);
}

/**
 * The grid of a batch's validated shipments (spec 2 §2.1): a row per CSV
 * row, a column per field; a cell with violations is red and names them in
 * its tooltip. Only the rows and columns in view are in the page, so 2000
 * rows of 40 columns scroll as smoothly as 20.
 *
 * The keyboard follows the ARIA grid pattern: the grid is one Tab stop, its
 * active cell (tabIndex 0, every other cell -1); the arrow keys, Home/End,
 * Ctrl+Home/Ctrl+End and PageUp/PageDown move it; Enter or F2 edits it,
 * Enter commits, Escape cancels, and focus comes back to the cell. The
 * virtualizer always renders the active cell, so it keeps focus while the
 * grid scrolls, and a cell rendered anew (after a save) takes focus back.
 */
export function ValidatedGrid({ rows, columns, rowCount, rowOffset, editable, onEdit }: ValidatedGridProps) {
  const { t, i18n } = useLingui();
  const columnKey = columns.map((column) => column.id).join(",");
  // The table's column model only changes when the set of columns does.
  const columnDefs = useMemo(() => toColumnDefs(columnKey), [columnKey]);
  const table = useTable({ features, columns: columnDefs, data: rows, getRowId: (row) => String(row.id) });
  const tableRows = table.getRowModel().rows;

  const rowIds = useMemo(() => tableRows.map((row) => row.id), [tableRows]);
  const columnIds = useMemo(() => (columnKey === "" ? [] : columnKey.split(",")), [columnKey]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const { current, refocus, handlers } = useActiveCell({
    rowIds,
    columnIds,
    scrollRef,
    // A page is the rows the grid shows under its header.
    pageRows: () =>
      Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 0) - gridHeaderHeight) / gridRowHeight)),
    onEditKey: editable ? (cell) => setEditing(`${rowIds[cell.row]}:${columnIds[cell.column]}`) : undefined,
  });
  const activeRow = current?.row ?? -1;
  const activeColumn = current?.column ?? -1;
  const rowRange = useCallback((range: Range) => withIndex(defaultRangeExtractor(range), activeRow), [activeRow]);
  const columnRange = useCallback(
    (range: Range) => withIndex(defaultRangeExtractor(range), activeColumn),
    [activeColumn],
  );

  // eslint-disable-next-line react-hooks/incompatible-library -- the React Compiler is not used here; TanStack Virtual re-renders through its own state
  const rowVirtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => gridRowHeight,
    getItemKey: (index) => tableRows[index].id,
    overscan: 8,
    rangeExtractor: rowRange,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => widthOf(columns[index]),
    overscan: 3,
    paddingStart: positionWidth,
    rangeExtractor: columnRange,
  });

  const [pending, setPending] = useState<Record<string, string>>({});
  /** Closes the editor; a key (Enter, Escape) gives focus back to the cell, a click elsewhere keeps it there. */
  const closeEditor = (refocusCell: boolean) => {
    setEditing(null);
    if (refocusCell) refocus();
  };
  const commit = (row: ValidatedShipment, column: GridColumn, value: string, refocus: boolean) => {
    closeEditor(refocus);
    if (value === (cellOf(row, column)?.value ?? "")) return;
    const key = `${row.id}:${column.id}`;
    setPending((current) => ({ ...current, [key]: value }));
    void onEdit(row, column, value).finally(() => setPending(({ [key]: _done, ...rest }) => rest));
  };

  const virtualColumns = columnVirtualizer.getVirtualItems();
  const totalWidth = columnVirtualizer.getTotalSize();
  // Each column in view, with the room left for the columns before it that are not (a gap before the active column).
  const visible = virtualColumns.map((item, index) => ({
    column: columns[item.index],
    index: item.index,
    width: item.size,
    gap: item.start - (index === 0 ? positionWidth : virtualColumns[index - 1].end),
  }));
  return (
    <div
      ref={scrollRef}
      className="batch-grid"
      role="grid"
      aria-label={t`Shipments of the file`}
      aria-rowcount={rowCount + 1}
      aria-colcount={columns.length + 1}
      aria-readonly={!editable}
      // As high as its rows, up to the CSS maximum; a short file leaves no empty box.
      style={{ height: gridHeaderHeight + tableRows.length * gridRowHeight + 2 }}
      {...handlers}
    >
      <div
        className="batch-grid-header"
        role="row"
        aria-rowindex={1}
        style={{ width: totalWidth, height: gridHeaderHeight }}
      >
        <div role="columnheader" className="batch-grid-position" aria-colindex={1}>
          #
        </div>
        {visible.map(({ column, index, width, gap }) => {
          const label = columnLabel(i18n, column);
          const csvName = column.id;
          return (
            <Fragment key={column.id}>
              {gap > 0 && <Gap width={gap} />}
              <div
                role="columnheader"
                aria-colindex={index + 2}
                aria-label={label}
                aria-description={t`CSV column ${csvName}`}
                title={`${label} (${csvName})`}
                className="batch-grid-cell batch-grid-heading"
                style={{ width }}
              >
                <span className="batch-grid-label">{label}</span>
                <span className="batch-grid-csv-name">{csvName}</span>
              </div>
            </Fragment>
          );
        })}
      </div>
      <div style={{ height: rowVirtualizer.getTotalSize(), width: totalWidth, position: "relative" }}>
        {rowVirtualizer.getVirtualItems().map((item) => {
          const row = tableRows[item.index].original;
          return (
            <GridRow
              key={item.key}
              row={row}
              index={item.index}
              rowIndex={rowOffset + item.index}
              top={item.start}
              width={totalWidth}
              visible={visible}
              activeColumn={item.index === activeRow ? activeColumn : -1}
              editable={editable}
              editing={editing}
              pending={pending}
              onStartEdit={setEditing}
              onCommit={commit}
              onCancel={closeEditor}
            />
          );
        })}
      </div>
    </div>
  );
}

/** The room of the columns not in view, so that those in view sit at their place. */
function Gap({ width }: { width: number }) {
  return <div style={{ width, flex: "none" }} />;
}

function toColumnDefs(columnKey: string): ColumnDef<typeof features, ValidatedShipment, unknown>[] {
  const columns = columnKey === "" ? [] : columnKey.split(",").map(columnOf);
  return columns.map((column) => ({
    id: column.id,
    header: column.id,
    accessorFn: (row: ValidatedShipment) => cellOf(row, column)?.value ?? "",
    size: widthOf(column),
  }));
}

type GridRowProps = {
  row: ValidatedShipment;
  /** The row's place among the rows shown. */
  index: number;
  /** The row's place in the whole batch. */
  rowIndex: number;
  top: number;
  width: number;
  visible: { column: GridColumn; index: number; width: number; gap: number }[];
  /** The column of the active cell if it is in this row, else -1. */
  activeColumn: number;
  editable: boolean;
  editing: string | null;
  pending: Record<string, string>;
  onStartEdit: (key: string) => void;
  onCommit: (row: ValidatedShipment, column: GridColumn, value: string, refocus: boolean) => void;
  onCancel: (refocus: boolean) => void;
};

/** One row in view: its position, then the cells of the columns in view. */
function GridRow(props: GridRowProps) {
  const { row, index: rowIndex, top, width, visible } = props;
  return (
    <div
      role="row"
      aria-rowindex={props.rowIndex + 2}
      className="batch-grid-row"
      data-invalid={!row.valid || undefined}
      style={{ transform: `translateY(${top}px)`, width, height: gridRowHeight }}
    >
      <div role="rowheader" aria-colindex={1} className="batch-grid-position">
        {row.position}
      </div>
      {visible.map(({ column, index, width: cellWidth, gap }) => {
        const key = `${row.id}:${column.id}`;
        return (
          <Fragment key={column.id}>
            {gap > 0 && <Gap width={gap} />}
            <GridCell
              row={row}
              column={column}
              at={{ row: rowIndex, column: index }}
              width={cellWidth}
              cell={cellOf(row, column)}
              pendingValue={props.pending[key]}
              active={props.activeColumn === index}
              editable={props.editable}
              editing={props.editing === key}
              onStartEdit={() => props.onStartEdit(key)}
              onCommit={(value, refocus) => props.onCommit(row, column, value, refocus)}
              onCancel={props.onCancel}
            />
          </Fragment>
        );
      })}
    </div>
  );
}

type GridCellProps = {
  row: ValidatedShipment;
  column: GridColumn;
  at: CellAt;
  width: number;
  cell: FieldValue | undefined;
  pendingValue: string | undefined;
  /** The grid's one Tab stop. */
  active: boolean;
  editable: boolean;
  editing: boolean;
  onStartEdit: () => void;
  onCommit: (value: string, refocus: boolean) => void;
  onCancel: (refocus: boolean) => void;
};

function GridCell({
  row,
  column,
  at,
  width,
  cell,
  pendingValue,
  active,
  editable,
  editing,
  onStartEdit,
  onCommit,
  onCancel,
}: GridCellProps) {
  const { t, i18n } = useLingui();
  const violations = cell?.violations ?? [];
  const invalid = violations.length > 0;
  const value = pendingValue ?? cell?.value ?? "";
  const field = columnLabel(i18n, column);
  const position = row.position;
  const place = { "data-row": at.row, "data-column": at.column };
  if (editing) {
    return (
      <div role="gridcell" aria-colindex={at.column + 2} className="batch-grid-cell" style={{ width }} {...place}>
        <CellEditor label={t`${field} of row ${position}`} value={value} onCommit={onCommit} onCancel={onCancel} />
      </div>
    );
  }
  const content = (
    <div
      role="gridcell"
      aria-colindex={at.column + 2}
      aria-invalid={invalid || undefined}
      aria-busy={pendingValue !== undefined || undefined}
      className="batch-grid-cell"
      data-invalid={invalid || undefined}
      tabIndex={active ? 0 : -1}
      style={{ width }}
      onDoubleClick={editable ? onStartEdit : undefined}
      {...place}
    >
      {value}
    </div>
  );
  if (!invalid) return content;
  return (
    <Tooltip
      content={
        <Flex direction="column" gap="1" asChild>
          <span>
            {violations.map((violation, index) => (
              <Text key={index} size="1">
                {violationText(i18n, violation)}
              </Text>
            ))}
          </span>
        </Flex>
      }
    >
      {content}
    </Tooltip>
  );
}

type CellEditorProps = {
  label: string;
  value: string;
  onCommit: (value: string, refocus: boolean) => void;
  onCancel: (refocus: boolean) => void;
};

/** The input of a cell being edited: Enter commits, Escape cancels, leaving it commits. */
function CellEditor({ label, value, onCommit, onCancel }: CellEditorProps) {
  // Enter and Escape close the editor, whose input may still report a blur: one answer per edit.
  const closed = useRef(false);
  const close = (value: string | null, refocus: boolean) => {
    if (closed.current) return;
    closed.current = true;
    if (value === null) onCancel(refocus);
    else onCommit(value, refocus);
  };
  return (
    <input
      className="batch-grid-input"
      aria-label={label}
      defaultValue={value}
      autoFocus
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          close(event.currentTarget.value, true);
        }
        if (event.key === "Escape") {
          event.preventDefault();
          close(null, true);
        }
      }}
      onBlur={(event) => close(event.currentTarget.value, false)}
    />
  );
}
