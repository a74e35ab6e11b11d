import type { DescMessage, MessageInitShape } from "@bufbuild/protobuf";
import {
  OrderLineCellsSchema,
  ShipmentCellsSchema,
  type FieldValue,
  type OrderLineCells,
  type OrderLineTexts,
  type OrderLineTextsSchema,
  type ShipmentCells,
  type ShipmentTextsSchema,
} from "../gen/portal/v1/batches_pb";

/**
 * The typed shipment messages by field name. The field list lives once, in
 * the proto (portal.v1.ShipmentCells, OrderLineCells and their Texts twins):
 * a field's name here is its JSON name there, which is core/shipment's name
 * and the CSV header's (sellerEORI, isoCountry, articleNumber).
 */

/** The first number of the commercial-invoice columns in ShipmentCells. */
const firstInvoiceNumber = 31;
/** Fields of ShipmentCells that the parcel form has and a CSV row has not. */
const formOnly = new Set(["phone"]);

const namesOf = (schema: DescMessage) => schema.fields.map((field) => field.jsonName);
const localNames = (schema: DescMessage) => new Map(schema.fields.map((field) => [field.jsonName, field.localName]));
const shipmentLocal = localNames(ShipmentCellsSchema);
const lineLocal = localNames(OrderLineCellsSchema);

/** The CSV shipment fields in template order (spec 2 §3). */
export const shipmentFields: readonly string[] = ShipmentCellsSchema.fields
  .filter((field) => field.number < firstInvoiceNumber && !formOnly.has(field.jsonName))
  .map((field) => field.jsonName);

/** The commercial-invoice columns. */
export const invoiceFields: readonly string[] = ShipmentCellsSchema.fields
  .filter((field) => field.number >= firstInvoiceNumber)
  .map((field) => field.jsonName);

/** The fields of one order line. */
export const orderLineFields: readonly string[] = namesOf(OrderLineCellsSchema);

type Indexed<T> = Record<string, T | undefined>;

/** The cell of a shipment field; undefined when the shipment has no such field. */
export function shipmentCell(cells: ShipmentCells | undefined, name: string): FieldValue | undefined {
  const local = shipmentLocal.get(name);
  return cells && local ? (cells as unknown as Indexed<FieldValue>)[local] : undefined;
}

/** The cell of an order-line field. */
export function orderLineCell(cells: OrderLineCells | undefined, name: string): FieldValue | undefined {
  const local = lineLocal.get(name);
  return cells && local ? (cells as unknown as Indexed<FieldValue>)[local] : undefined;
}

function entriesOf<T>(names: readonly string[], get: (name: string) => T | undefined): [string, T][] {
  const out: [string, T][] = [];
  for (const name of names) {
    const value = get(name);
    if (value !== undefined) out.push([name, value]);
  }
  return out;
}

/** The cells a shipment has, by field name. */
export function shipmentCellEntries(cells: ShipmentCells | undefined): [string, FieldValue][] {
  return entriesOf(namesOf(ShipmentCellsSchema), (name) => shipmentCell(cells, name));
}

/** The cells an order line has, by field name. */
export function orderLineCellEntries(cells: OrderLineCells | undefined): [string, FieldValue][] {
  return entriesOf(orderLineFields, (name) => orderLineCell(cells, name));
}

/** The value of an order-line text field ("" when it is not there). */
export function orderLineText(texts: OrderLineTexts | undefined, name: string): string {
  const local = lineLocal.get(name);
  return (texts && local ? (texts as unknown as Indexed<string>)[local] : undefined) ?? "";
}

function textsOf(local: Map<string, string>, values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const key = local.get(name);
    if (key) out[key] = value;
  }
  return out;
}

/** Values by field name as a ShipmentTexts; names the proto lacks are left out. */
export function shipmentTexts(values: Record<string, string>): MessageInitShape<typeof ShipmentTextsSchema> {
  return textsOf(shipmentLocal, values);
}

/** Values by field name as an OrderLineTexts. */
export function orderLineTexts(values: Record<string, string>): MessageInitShape<typeof OrderLineTextsSchema> {
  return textsOf(lineLocal, values);
}
