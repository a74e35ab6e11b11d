import { useLingui } from "@lingui/react/macro";
import { type ColumnDef, tableFeatures, useTable } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { Flex, Text, Tooltip } from "@radix-ui/themes";
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import type { FieldValue, ValidatedShipment } from "../../../gen/portal/v1/batches_pb";
import { columnLabel } from "../../../shipping/fieldLabels";
import { cellOf, columnOf, type GridColumn } from "../../../shipping/gridColumns";
import { violationText } from "../../../shipping/violationText";
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

/**
 * The grid of a batch's validated shipments (spec 2 §2.1): a row per CSV
 * row, a column per field; a cell with violations is red and names them in
 * its tooltip. Only the rows and columns in view are in the page, so 2000
 * rows of 40 columns scroll as smoothly as 20.
 */
export function ValidatedGrid({ rows, columns, rowCount, rowOffset, editable, onEdit }: ValidatedGridProps) {
  const { t, i18n } = useLingui();
  const columnKey = columns.map((column) => column.id).join(",");
  // The table's column model only changes when the set of columns does.
  const columnDefs = useMemo(() => toColumnDefs(columnKey), [columnKey]);
  const table = useTable({ features, columns: columnDefs, data: rows, getRowId: (row) => String(row.id) });
  const tableRows = table.getRowModel().rows;

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the React Compiler is not used here; TanStack Virtual re-renders through its own state
  const rowVirtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => gridRowHeight,
    getItemKey: (index) => tableRows[index].id,
    overscan: 8,
  });
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => widthOf(columns[index]),
    overscan: 3,
    paddingStart: positionWidth,
  });

  const [editing, setEditing] = useState<string | null>(null);
  const [pending, setPending] = useState<Record<string, string>>({});
  const commit = (row: ValidatedShipment, column: GridColumn, value: string) => {
    setEditing(null);
    if (value === (cellOf(row, column)?.value ?? "")) return;
    const key = `${row.id}:${column.id}`;
    setPending((current) => ({ ...current, [key]: value }));
    void onEdit(row, column, value).finally(() => setPending(({ [key]: _done, ...rest }) => rest));
  };

  const virtualColumns = columnVirtualizer.getVirtualItems();
  const totalWidth = columnVirtualizer.getTotalSize();
  const columnsBefore = virtualColumns[0]?.start ?? positionWidth;
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
        <div style={{ width: columnsBefore - positionWidth, flex: "none" }} />
        {virtualColumns.map((item) => {
          const column = columns[item.index];
          const label = columnLabel(i18n, column);
          const csvName = column.id;
          return (
            <div
              key={item.key}
              role="columnheader"
              aria-colindex={item.index + 2}
              aria-label={label}
              aria-description={t`CSV column ${csvName}`}
              title={`${label} (${csvName})`}
              className="batch-grid-cell batch-grid-heading"
              style={{ width: item.size }}
            >
              <span className="batch-grid-label">{label}</span>
              <span className="batch-grid-csv-name">{csvName}</span>
            </div>
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
              rowIndex={rowOffset + item.index}
              top={item.start}
              width={totalWidth}
              columnsBefore={columnsBefore}
              visible={virtualColumns.map((column) => ({
                column: columns[column.index],
                index: column.index,
                width: column.size,
              }))}
              editable={editable}
              editing={editing}
              pending={pending}
              onStartEdit={setEditing}
              onCommit={commit}
              onCancel={() => setEditing(null)}
            />
          );
        })}
      </div>
    </div>
  );
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
  rowIndex: number;
  top: number;
  width: number;
  columnsBefore: number;
  visible: { column: GridColumn; index: number; width: number }[];
  editable: boolean;
  editing: string | null;
  pending: Record<string, string>;
  onStartEdit: (key: string) => void;
  onCommit: (row: ValidatedShipment, column: GridColumn, value: string) => void;
  onCancel: () => void;
};

/** One row in view: its position, then the cells of the columns in view. */
function GridRow(props: GridRowProps) {
  const { row, rowIndex, top, width, columnsBefore, visible } = props;
  return (
    <div
      role="row"
      aria-rowindex={rowIndex + 2}
      className="batch-grid-row"
      data-invalid={!row.valid || undefined}
      style={{ transform: `translateY(${top}px)`, width, height: gridRowHeight }}
    >
      <div role="rowheader" aria-colindex={1} className="batch-grid-position">
        {row.position}
      </div>
      <div style={{ width: columnsBefore - positionWidth, flex: "none" }} />
      {visible.map(({ column, index, width: cellWidth }) => {
        const key = `${row.id}:${column.id}`;
        return (
          <GridCell
            key={column.id}
            row={row}
            column={column}
            colIndex={index + 2}
            width={cellWidth}
            cell={cellOf(row, column)}
            pendingValue={props.pending[key]}
            editable={props.editable}
            editing={props.editing === key}
            onStartEdit={() => props.onStartEdit(key)}
            onCommit={(value) => props.onCommit(row, column, value)}
            onCancel={props.onCancel}
          />
        );
      })}
    </div>
  );
}

type GridCellProps = {
  row: ValidatedShipment;
  column: GridColumn;
  colIndex: number;
  width: number;
  cell: FieldValue | undefined;
  pendingValue: string | undefined;
  editable: boolean;
  editing: boolean;
  onStartEdit: () => void;
  onCommit: (value: string) => void;
  onCancel: () => void;
};

function GridCell({
  row,
  column,
  colIndex,
  width,
  cell,
  pendingValue,
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
  // Enter and Escape close the editor, whose input may still report a blur: one answer per edit.
  const closed = useRef(false);
  if (editing) {
    const close = (value: string | null) => {
      if (closed.current) return;
      closed.current = true;
      if (value === null) onCancel();
      else onCommit(value);
    };
    return (
      <div role="gridcell" aria-colindex={colIndex} className="batch-grid-cell" style={{ width }}>
        <input
          className="batch-grid-input"
          aria-label={t`${field} of row ${position}`}
          defaultValue={value}
          autoFocus
          onKeyDown={(event) => {
            if (event.key === "Enter") close(event.currentTarget.value);
            if (event.key === "Escape") close(null);
          }}
          onBlur={(event) => close(event.currentTarget.value)}
        />
      </div>
    );
  }
  const startEdit = () => {
    closed.current = false;
    onStartEdit();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (editable && (event.key === "Enter" || event.key === "F2")) {
      event.preventDefault();
      startEdit();
    }
  };
  const content = (
    <div
      role="gridcell"
      aria-colindex={colIndex}
      aria-invalid={invalid || undefined}
      aria-busy={pendingValue !== undefined || undefined}
      className="batch-grid-cell"
      data-invalid={invalid || undefined}
      tabIndex={editable ? 0 : undefined}
      style={{ width }}
      onDoubleClick={editable ? startEdit : undefined}
      onKeyDown={onKeyDown}
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
