import type { AvailableFeature } from "../../../gen/portal/v1/customers_pb";
import type { ProductsAndServices, ReferenceCode } from "../../../gen/portal/v1/management_pb";
import type { CsvShipmentDto, ParcelOrderLine } from "../../../gen/portal/v1/parcels_pb";
import type { ValidatedShipment, Violation } from "../../../gen/portal/v1/batches_pb";
import {
  orderLineCell,
  orderLineCellEntries,
  shipmentCell,
  shipmentCellEntries,
} from "../../../shipping/shipmentCells";
import type { ParcelForm } from "../../../api/parcels";
import { ApiClient } from "../../../shipping/apiClients";

/** The text fields of the parcel form (spec 2 §3), as the server names them in a validation. */
export const textFields = [
  "name",
  "contact",
  "street",
  "no",
  "street2",
  "street3",
  "postalcode",
  "city",
  "region",
  "isoCountry",
  "mobile",
  "phone",
  "email",
  "referencenumber",
  "senderTaxId",
  "receiverTaxId",
  "weight",
  "format",
  "product",
  "service",
  "options",
  "returnOptions",
  "content",
  "shippingCost",
  "currency",
] as const;
export type TextField = (typeof textFields)[number];

export const orderLineTextFields = [
  "articleNumber",
  "hstarifnumber",
  "origincountry",
  "description",
  "articleUrl",
  "quantity",
  "weight",
  "value",
] as const;
export type OrderLineField = (typeof orderLineTextFields)[number];
export type OrderLineValues = Record<OrderLineField, string>;

/** The form as it is edited. */
export type FormValues = Record<TextField, string> & {
  addAddressToAddressBook: boolean;
  orderLines: OrderLineValues[];
};

/** Mandatory, marked fields (spec 2 §5.4). */
export const mandatoryFields: readonly TextField[] = [
  "name",
  "street",
  "postalcode",
  "city",
  "isoCountry",
  "referencenumber",
  "weight",
  "product",
  "service",
];

export const emptyLine = (): OrderLineValues =>
  Object.fromEntries(orderLineTextFields.map((f) => [f, ""])) as OrderLineValues;

export const emptyForm = (): FormValues => ({
  ...(Object.fromEntries(textFields.map((f) => [f, ""])) as Record<TextField, string>),
  addAddressToAddressBook: false,
  orderLines: [],
});

/** The letter of a customs content line: A, B, C... (spec 2 §2.3). */
export const lineLetter = (index: number): string => String.fromCharCode(65 + (index % 26));

/** The form as the server takes it (CsvShipmentDto). */
export function toDto(values: FormValues): ParcelForm {
  return {
    name: values.name,
    contact: values.contact,
    street: values.street,
    no: values.no,
    street2: values.street2,
    street3: values.street3,
    postalcode: values.postalcode,
    city: values.city,
    region: values.region,
    isoCountry: values.isoCountry,
    mobile: values.mobile,
    phone: values.phone,
    email: values.email,
    referencenumber: values.referencenumber,
    senderTaxId: values.senderTaxId,
    receiverTaxId: values.receiverTaxId,
    weight: values.weight,
    format: values.format,
    product: values.product,
    service: values.service,
    options: values.options,
    returnOptions: values.returnOptions,
    content: values.content,
    shippingCost: values.shippingCost,
    currency: values.currency,
    addAddressToAddressBook: values.addAddressToAddressBook,
    orderLines: values.orderLines.map((line) => ({ ...line })),
  };
}

/** A stored parcel's values as the form edits them. */
export function fromDto(dto: CsvShipmentDto | undefined): FormValues {
  const values = emptyForm();
  if (!dto) return values;
  for (const field of textFields) values[field] = dto[field];
  values.orderLines = dto.orderLines.map((line: ParcelOrderLine) => {
    const out = emptyLine();
    for (const field of orderLineTextFields) out[field] = line[field];
    return out;
  });
  return values;
}

/**
 * The form prefilled from the server's validation (spec 2 §4.5): the values
 * as the server read them (trimmed), the choices the user made kept.
 */
export function fromValidation(values: FormValues, checked: ValidatedShipment): FormValues {
  const next: FormValues = { ...values, orderLines: values.orderLines.map((line) => ({ ...line })) };
  for (const field of textFields) {
    const cell = shipmentCell(checked.fields, field);
    if (cell) next[field] = cell.value;
  }
  checked.orderLines.forEach((line, index) => {
    const target = next.orderLines[index];
    if (!target) return;
    for (const field of orderLineTextFields) {
      const cell = orderLineCell(line.fields, field);
      if (cell) target[field] = cell.value;
    }
  });
  return next;
}

/** The first violation of each field, and of each order line's fields ("orderLines.0.quantity"). */
export function violationsOf(checked: ValidatedShipment | undefined): Record<string, Violation> {
  const out: Record<string, Violation> = {};
  if (!checked) return out;
  for (const [field, cell] of shipmentCellEntries(checked.fields)) {
    if (cell.violations[0]) out[field] = cell.violations[0];
  }
  checked.orderLines.forEach((line, index) => {
    for (const [field, cell] of orderLineCellEntries(line.fields)) {
      if (cell.violations[0]) out[`orderLines.${index}.${field}`] = cell.violations[0];
    }
  });
  return out;
}

/** Whether an order line has a violation: the form shows the 'mandatory order line' message (spec 2 §5.4). */
export function orderLinesViolated(checked: ValidatedShipment | undefined): boolean {
  return !!checked?.orderLines.some((line) =>
    orderLineCellEntries(line.fields).some(([, cell]) => cell.violations.length > 0),
  );
}

/** The A1 API client; EPAQGO and the option SGD are its alone (spec 2 §5.4). */
export const a1Client = ApiClient.A1;
export const a1OnlyProduct = "EPAQGO";
export const a1OnlyOption = "SGD";

/** What the customer may choose: its contract's products, services and options, or the whole catalog without one. */
export type Choices = {
  products: ReferenceCode[];
  services: ReferenceCode[];
  options: ReferenceCode[];
  formats: ReferenceCode[];
  returnTypes: ReferenceCode[];
  returnOptions: ReferenceCode[];
};

export function choicesFor(
  catalog: ProductsAndServices | null | undefined,
  features: readonly AvailableFeature[],
  apiClient: ApiClient,
  product: string,
  service: string,
): Choices {
  const a1 = apiClient === a1Client;
  const contract = features.length > 0;
  const products = (catalog?.products ?? []).filter(
    (p) => (a1 || p.code !== a1OnlyProduct) && (!contract || features.some((f) => f.product === p.code)),
  );
  const services = (catalog?.services ?? []).filter(
    (s) => !contract || features.some((f) => f.product === product && f.service === s.code),
  );
  const feature = features.find((f) => f.product === product && f.service === service);
  const options = (catalog?.options ?? []).filter(
    (o) => (a1 || o.code !== a1OnlyOption) && (!contract || !!feature?.options.includes(o.code)),
  );
  return {
    products,
    services,
    options,
    formats: catalog?.formats ?? [],
    returnTypes: catalog?.returnTypes ?? [],
    returnOptions: catalog?.returnOptions ?? [],
  };
}

/** Options are joined with '|' (spec 2 §5.4). */
export const splitOptions = (joined: string): string[] => joined.split("|").filter(Boolean);
export const joinOptions = (options: readonly string[]): string => options.join("|");

/** returnOptions is "returnType|returnOption". */
export function splitReturn(joined: string): { type: string; option: string } {
  const [type = "", option = ""] = joined.split("|");
  return { type, option };
}
export const joinReturn = (type: string, option: string): string => (type ? `${type}|${option}` : "");

/**
 * The create-label button (spec 2 §5.4): disabled while busy, or when neither
 * the label nor the return label is enabled.
 */
export function createDisabled(busy: boolean, label: boolean, returnLabel: boolean): boolean {
  return busy || (!label && !returnLabel);
}
