import type { MessageInitShape } from "@bufbuild/protobuf";
import type { FieldValue, ShipmentValuesSchema, ValidatedShipment } from "../gen/portal/v1/batches_pb";
import {
  invoiceFields,
  orderLineCell,
  orderLineCellEntries,
  orderLineFields,
  orderLineTexts,
  shipmentCell,
  shipmentCellEntries,
  shipmentFields,
  shipmentTexts,
} from "./shipmentCells";

/**
 * The columns of the batch grid and the row a cell edit sends (spec 2 §2.1
 * and §3): the CSV shipment fields in template order, the order lines as
 * numbered column groups (articleNumber1, ..., value1, articleNumber2, ...),
 * and the invoice columns only when some row has an invoice number. The names
 * are those of core/shipment and of the CSV header; the lists come from the
 * proto (shipmentCells.ts).
 */

export { invoiceFields, orderLineFields, shipmentFields } from "./shipmentCells";

/** A grid column: a field of the shipment, or a field of its order line `line` (from 0). */
export type GridColumn = { id: string; field: string; line: number | null };

export function hasInvoiceNumber(row: ValidatedShipment): boolean {
  return (row.fields?.invoiceNumber?.value ?? "").trim() !== "";
}

/** The column of an id as gridColumns names it: a field, or an order-line field with its number. */
export function columnOf(id: string): GridColumn {
  const numbered = /^([A-Za-z]+?)(\d+)$/.exec(id);
  if (numbered && orderLineFields.includes(numbered[1])) {
    return { id, field: numbered[1], line: Number(numbered[2]) - 1 };
  }
  return { id, field: id, line: null };
}

/** The columns the rows need, left to right. */
export function gridColumns(rows: readonly ValidatedShipment[]): GridColumn[] {
  const lines = rows.reduce((most, row) => Math.max(most, row.orderLines.length), 0);
  return gridColumnsOf(lines, rows.some(hasInvoiceNumber));
}

/**
 * The columns of a batch whose rows have at most `orderLines` order lines,
 * with the invoice columns when one of them has an invoice number: what a
 * page of the grid shows, whichever rows are on it.
 */
export function gridColumnsOf(orderLines: number, invoice: boolean): GridColumn[] {
  const columns: GridColumn[] = shipmentFields.map((field) => ({ id: field, field, line: null }));
  for (let line = 0; line < orderLines; line++) {
    for (const field of orderLineFields) columns.push({ id: `${field}${line + 1}`, field, line });
  }
  if (invoice) {
    for (const field of invoiceFields) columns.push({ id: field, field, line: null });
  }
  return columns;
}

/** The cell of a row under a column; undefined when the row has no such value. */
export function cellOf(row: ValidatedShipment, column: GridColumn): FieldValue | undefined {
  return column.line === null
    ? shipmentCell(row.fields, column.field)
    : orderLineCell(row.orderLines[column.line]?.fields, column.field);
}

export type ShipmentValuesInit = MessageInitShape<typeof ShipmentValuesSchema>;

/**
 * The row as the server wants it on a cell edit (spec 2 §7: all fields as
 * values plus orderLines), with one value changed. Fields the row lacks are
 * sent empty; an order line beyond the row's last one is added, with empty
 * lines before it, so the numbering stays that of the columns.
 */
export function rowWithEdit(row: ValidatedShipment, column: GridColumn, value: string): ShipmentValuesInit {
  const fields: Record<string, string> = {};
  for (const field of shipmentFields) fields[field] = "";
  for (const [field, cell] of shipmentCellEntries(row.fields)) fields[field] = cell.value;
  const orderLines = row.orderLines.map((line) => {
    const values: Record<string, string> = {};
    for (const [field, cell] of orderLineCellEntries(line.fields)) values[field] = cell.value;
    return values;
  });
  if (column.line === null) {
    fields[column.field] = value;
  } else {
    while (orderLines.length <= column.line) {
      orderLines.push(Object.fromEntries(orderLineFields.map((field) => [field, ""])));
    }
    orderLines[column.line][column.field] = value;
  }
  return { fields: shipmentTexts(fields), orderLines: orderLines.map((line) => ({ fields: orderLineTexts(line) })) };
}
