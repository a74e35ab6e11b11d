import type { AvailableFeature } from "../../../gen/portal/v1/customers_pb";
import type { ProductsAndServices, ReferenceCode } from "../../../gen/portal/v1/management_pb";
import {
  type CsvShipmentDto,
  CsvShipmentDtoSchema,
  type ParcelOrderLine,
  ParcelOrderLineSchema,
} from "../../../gen/portal/v1/parcels_pb";
import type { ValidatedShipment, Violation } from "../../../gen/portal/v1/batches_pb";
import { type TextKeys, textFieldsOf, textValues } from "../../../shipping/textFields";
import type { ParcelForm } from "../../../api/parcels";
import { ApiClient } from "../../../shipping/apiClients";

/**
 * The text fields of the parcel form (spec 2 §3): CsvShipmentDto's string
 * fields, read from its generated schema, so the list is the proto's. They are
 * named as ShipmentCells names its cells (the same proto fields; a test in
 * adapters/rpc holds the two messages to one list), which fromValidation and
 * violationsOf rely on: `checked.fields[field]` does not compile for a name
 * the grid's row lacks.
 */
export type TextField = TextKeys<CsvShipmentDto>;
export const textFields: readonly TextField[] = textFieldsOf(CsvShipmentDtoSchema);

/** The fields of one order line: ParcelOrderLine's, named as OrderLineCells names them. */
export type OrderLineField = TextKeys<ParcelOrderLine>;
export const orderLineTextFields: readonly OrderLineField[] = textFieldsOf(ParcelOrderLineSchema);
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

export const emptyLine = (): OrderLineValues => textValues(orderLineTextFields, undefined);

export const emptyForm = (): FormValues => ({
  ...textValues(textFields, undefined),
  addAddressToAddressBook: false,
  orderLines: [],
});

/** The letter of a customs content line: A, B, C... (spec 2 §2.3). */
export const lineLetter = (index: number): string => String.fromCharCode(65 + (index % 26));

/** The form as the server takes it (CsvShipmentDto). */
export function toDto(values: FormValues): ParcelForm {
  return {
    ...textValues(textFields, values),
    addAddressToAddressBook: values.addAddressToAddressBook,
    orderLines: values.orderLines.map((line) => textValues(orderLineTextFields, line)),
  };
}

/** A stored parcel's values as the form edits them. */
export function fromDto(dto: CsvShipmentDto | undefined): FormValues {
  if (!dto) return emptyForm();
  return {
    ...textValues(textFields, dto),
    addAddressToAddressBook: false,
    orderLines: dto.orderLines.map((line) => textValues(orderLineTextFields, line)),
  };
}

/**
 * The form prefilled from the server's validation (spec 2 §4.5): the values
 * as the server read them (trimmed), the choices the user made kept.
 */
export function fromValidation(values: FormValues, checked: ValidatedShipment): FormValues {
  const next: FormValues = { ...values, orderLines: values.orderLines.map((line) => ({ ...line })) };
  for (const field of textFields) {
    const cell = checked.fields?.[field];
    if (cell) next[field] = cell.value;
  }
  checked.orderLines.forEach((line, index) => {
    const target = next.orderLines[index];
    if (!target) return;
    for (const field of orderLineTextFields) {
      const cell = line.fields?.[field];
      if (cell) target[field] = cell.value;
    }
  });
  return next;
}

/**
 * The first violation of each form field, by the form's name, and of each
 * order line's fields ("orderLines.0.quantity").
 */
export function violationsOf(checked: ValidatedShipment | undefined): Record<string, Violation> {
  const out: Record<string, Violation> = {};
  if (!checked) return out;
  for (const field of textFields) {
    const first = checked.fields?.[field]?.violations[0];
    if (first) out[field] = first;
  }
  checked.orderLines.forEach((line, index) => {
    for (const field of orderLineTextFields) {
      const first = line.fields?.[field]?.violations[0];
      if (first) out[`orderLines.${index}.${field}`] = first;
    }
  });
  return out;
}

/** Whether an order line has a violation: the form shows the 'mandatory order line' message (spec 2 §5.4). */
export function orderLinesViolated(checked: ValidatedShipment | undefined): boolean {
  return !!checked?.orderLines.some((line) =>
    orderLineTextFields.some((field) => (line.fields?.[field]?.violations.length ?? 0) > 0),
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
