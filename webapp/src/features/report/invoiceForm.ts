import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { fieldRuleMessages } from "../../components/form/fieldRules";
import {
  type CommercialInvoiceDefaults,
  InvoiceAmount,
  Incoterm,
  ReasonOfExport,
  CreateCommercialInvoiceRequestSchema,
} from "../../gen/portal/v1/reports_pb";

/*
 * The invoice form holds no rule of the invoice: the server answers what it
 * starts with and which amounts the receiver pays under an incoterm
 * (GetInvoiceCustomersResponse.defaults, core/invoice), the number as it
 * will be stored (CheckInvoiceNumberResponse.invoiceNumber), and the
 * amounts' ranges are the request's field rules, checked from the proto.
 */

/** The request's amount fields, in the dialog's order. */
export const amountFields = ["freightPostage", "discountRebate", "vat", "tobaccoTax", "duty"] as const;
export type AmountField = (typeof amountFields)[number];

/** The contract's name of each amount field. */
const amountOf: Record<AmountField, InvoiceAmount> = {
  freightPostage: InvoiceAmount.FREIGHT_POSTAGE,
  discountRebate: InvoiceAmount.DISCOUNT_REBATE,
  vat: InvoiceAmount.VAT,
  tobaccoTax: InvoiceAmount.TOBACCO_TAX,
  duty: InvoiceAmount.DUTY,
};

export type InvoiceForm = {
  invoiceNumber: string;
  poNumber: string;
  incoterm: Incoterm;
  reasonOfExport: ReasonOfExport;
  amounts: Record<AmountField, string>;
  additionalComments: string;
  eu: boolean;
  declarationStatement: string;
};

/** The server's declaration statement inside the customs union (eu) or leaving it. */
export function declarationFor(defaults: CommercialInvoiceDefaults | undefined, eu: boolean): string {
  return (eu ? defaults?.euDeclaration : defaults?.nonEuDeclaration) ?? "";
}

/** The form as the server says it starts for the selection; the amounts 0. */
export function defaultInvoiceForm(defaults: CommercialInvoiceDefaults | undefined): InvoiceForm {
  const eu = defaults?.insideCustomsUnion ?? false;
  return {
    invoiceNumber: "",
    poNumber: "",
    incoterm: defaults?.incoterm ?? Incoterm.INCOTERM_UNSPECIFIED,
    reasonOfExport: defaults?.reasonOfExport ?? ReasonOfExport.REASON_OF_EXPORT_UNSPECIFIED,
    amounts: { freightPostage: "0", discountRebate: "0", vat: "0", tobaccoTax: "0", duty: "0" },
    additionalComments: defaults?.additionalComments ?? "",
    eu,
    declarationStatement: declarationFor(defaults, eu),
  };
}

/** The receiver pays this amount under the form's incoterm, as the server says: it is not asked for and counts 0. */
export function amountDisabled(
  defaults: CommercialInvoiceDefaults | undefined,
  form: Pick<InvoiceForm, "incoterm">,
  field: AmountField,
): boolean {
  const receivers = defaults?.receiverAmounts.find((r) => r.incoterm === form.incoterm);
  return receivers?.amounts.includes(amountOf[field]) ?? false;
}

/** The incoterm leaves some amounts to the receiver. */
export function receiverPays(defaults: CommercialInvoiceDefaults | undefined, form: Pick<InvoiceForm, "incoterm">) {
  return amountFields.some((field) => amountDisabled(defaults, form, field));
}

/** An amount as typed, with a decimal comma or point; NaN when it is no number. */
export function numberOf(text: string): number {
  const trimmed = text.trim().replace(",", ".");
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const notANumber = msg`Enter a number, such as 4.50 or 4,50.`;

/** The invoice request of the form; the amounts the receiver pays are sent as the form shows them, 0. */
export function invoiceRequest(
  defaults: CommercialInvoiceDefaults | undefined,
  form: InvoiceForm,
  invoiceNumber: string,
  shipmentIds: bigint[],
) {
  const amount = (field: AmountField) => (amountDisabled(defaults, form, field) ? 0 : numberOf(form.amounts[field]));
  return {
    invoiceNumber,
    poNumber: form.poNumber,
    incoterm: form.incoterm,
    reasonOfExport: form.reasonOfExport,
    freightPostage: amount("freightPostage"),
    discountRebate: amount("discountRebate"),
    vat: amount("vat"),
    tobaccoTax: amount("tobaccoTax"),
    duty: amount("duty"),
    additionalComments: form.additionalComments,
    declarationStatement: form.declarationStatement,
    shipmentIds,
  };
}

/**
 * What is wrong with each amount the form asks for: no number, or the
 * server's message for a rule of the request (at least 0, at most 10⁹).
 */
export function amountErrors(
  defaults: CommercialInvoiceDefaults | undefined,
  form: InvoiceForm,
): Partial<Record<AmountField, MessageDescriptor>> {
  const request = invoiceRequest(defaults, form, "", []);
  const broken = fieldRuleMessages(CreateCommercialInvoiceRequestSchema, request);
  const out: Partial<Record<AmountField, MessageDescriptor>> = {};
  for (const field of amountFields) {
    if (Number.isNaN(request[field])) out[field] = notANumber;
    else if (broken[field]) out[field] = broken[field];
  }
  return out;
}

/**
 * Generate is enabled once the server has answered that the number, as it
 * stores it, is not empty and free, and no amount is wrong.
 */
export function canGenerate(
  defaults: CommercialInvoiceDefaults | undefined,
  form: InvoiceForm,
  check: { invoiceNumber: string; taken: boolean } | undefined,
): boolean {
  return (
    check !== undefined &&
    check.invoiceNumber !== "" &&
    !check.taken &&
    Object.keys(amountErrors(defaults, form)).length === 0
  );
}
