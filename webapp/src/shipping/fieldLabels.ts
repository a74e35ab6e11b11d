import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
// Types only: server messages name fields (errors/messageText), and the sign-in page must not load
// the batch contract that the grid's column lists are read from.
import type { GridColumn, invoiceFields, orderLineFields, shipmentFields } from "./gridColumns";

/**
 * What the grid calls each CSV column (spec 2 §3): a label in the user's
 * language. The CSV name (postalcode, articleNumber1, ...) stays beside it,
 * because that is what the user's file says and what they map it to.
 */

const shipmentLabels: Record<(typeof shipmentFields)[number], MessageDescriptor> = {
  name: msg`Receiver name`,
  contact: msg`Contact person`,
  street: msg`Street`,
  no: msg`House number`,
  street2: msg`Address line 2`,
  street3: msg`Address line 3`,
  postalcode: msg`Postal code`,
  city: msg`City`,
  region: msg`Region`,
  isoCountry: msg`Country`,
  mobile: msg`Mobile`,
  email: msg`E-mail`,
  referencenumber: msg`Reference number`,
  weight: msg`Weight`,
  senderCode: msg`Sender code`,
  format: msg`Format`,
  product: msg`Product`,
  service: msg`Service`,
  options: msg`Options`,
  returnOptions: msg`Return options`,
  content: msg`Content`,
  currency: msg`Currency`,
  shippingCost: msg`Shipping cost`,
  sellerEORI: msg`Seller EORI`,
  senderEORI: msg`Sender EORI`,
  senderTaxId: msg`Sender tax ID`,
  receiverTaxId: msg`Receiver tax ID`,
};

const orderLineLabels: Record<(typeof orderLineFields)[number], MessageDescriptor> = {
  articleNumber: msg`Article number`,
  hstarifnumber: msg`HS tariff number`,
  origincountry: msg`Country of origin`,
  description: msg`Description`,
  articleUrl: msg`Article URL`,
  quantity: msg`Quantity`,
  weight: msg`Weight`,
  value: msg`Value`,
};

const invoiceLabels: Record<(typeof invoiceFields)[number], MessageDescriptor> = {
  invoiceNumber: msg`Invoice number`,
  poNumber: msg`Purchase order number`,
  duty: msg`Duty`,
  vat: msg`VAT`,
  freightPostage: msg`Freight and postage`,
  tobaccoTax: msg`Tobacco tax`,
  discountRebate: msg`Discount`,
  incoterm: msg`Incoterm`,
  reasonOfExport: msg`Reason for export`,
  additionalComments: msg`Additional comments`,
  declarationStatement: msg`Declaration statement`,
};

const lookup = (labels: Record<string, MessageDescriptor>, field: string) =>
  Object.hasOwn(labels, field) ? labels[field] : undefined;

/**
 * The label of a grid column: an order-line field carries its line's number
 * ("Article number 2"); a column the portal does not know keeps its CSV name.
 */
export function columnLabel(i18n: I18n, column: GridColumn): string {
  if (column.line !== null) {
    const label = lookup(orderLineLabels, column.field);
    if (!label) return column.id;
    const field = i18n._(label);
    const line = column.line + 1;
    return i18n._(msg`${field} ${line}`);
  }
  const label = lookup(shipmentLabels, column.field) ?? lookup(invoiceLabels, column.field);
  return label ? i18n._(label) : column.id;
}

/** Fields of the parcel form that no CSV column has. */
const formOnlyLabels: Record<string, MessageDescriptor> = {
  phone: msg`Phone`,
};

/** The label of a CSV column named as in the file (postalcode, articleNumber2, ...), as server messages name fields. */
export function fieldLabel(i18n: I18n, csvName: string): string {
  const formOnly = lookup(formOnlyLabels, csvName);
  if (formOnly) return i18n._(formOnly);
  // An order line's field carries its line's number, from 1 (gridColumns' columnOf, by the labelled fields).
  const numbered = /^([A-Za-z]+?)(\d+)$/.exec(csvName);
  const line = numbered && lookup(orderLineLabels, numbered[1]) ? Number(numbered[2]) - 1 : null;
  return columnLabel(i18n, { id: csvName, field: line === null ? csvName : numbered![1], line });
}

/** The label of an order line's field (articleNumber, quantity, ...), without a line number. */
export function orderLineLabel(i18n: I18n, field: string): string {
  const label = lookup(orderLineLabels, field);
  return label ? i18n._(label) : field;
}
