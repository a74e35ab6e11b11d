import type { ProductsAndServices } from "../../gen/portal/v1/management_pb";
import {
  CommercialInvoiceTerms_Incoterm as Incoterm,
  CommercialInvoiceTerms_ReasonOfExport as ReasonOfExport,
} from "../../gen/portal/v1/reports_pb";

/** The amounts of the invoice request. */
export const amountFields = ["freightPostage", "discountRebate", "vat", "tobaccoTax", "duty"] as const;
export type AmountField = (typeof amountFields)[number];
/** Under DAP these are the receiver's: disabled, with a hint, and sent as 0. */
export const dapAmounts: readonly AmountField[] = ["vat", "tobaccoTax", "duty"];

/*
 * The invoice's own texts are printed on a customs document, which is in
 * English whatever the portal's language; they are defaults the user may edit.
 */
/** The standard certification comment. */
export const standardComment =
  "I hereby certify that the information on this invoice is true and correct and the contents of this shipment are as stated above.";
/** The declaration statement of shipments inside the EU customs union. */
export const euDeclaration =
  "The exporter of the products covered by this document declares that, except where otherwise clearly indicated, these products are of EU preferential origin.";
/** The declaration statement of shipments leaving the EU customs union. */
export const nonEuDeclaration =
  "I declare that the goods described in this invoice are exported from the European Union and that all the information given is true and correct.";

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

/** Whitespace is stripped from invoice numbers (spec 2 §5.5). */
export function normalizeInvoiceNumber(text: string): string {
  return text.replace(/\s+/g, "");
}

/** Inside the customs union: a tax-free country, but not the Canary Islands' postal ranges. */
export function insideCustomsUnion(
  catalog: Pick<ProductsAndServices, "taxFreeCountries" | "canaryIslandsPostalRanges"> | null | undefined,
  country: string,
  postalCode: string,
): boolean {
  const code = country.trim().toUpperCase();
  if (!catalog?.taxFreeCountries.includes(code)) return false;
  const postal = postalCode.trim();
  return !catalog.canaryIslandsPostalRanges.some(
    (range) =>
      range.countryCode.toUpperCase() === code &&
      postal.length === range.from.length &&
      postal >= range.from &&
      postal <= range.to,
  );
}

/** EU when every destination of the selection lies inside the customs union. */
export function isEuShipment(
  catalog: Pick<ProductsAndServices, "taxFreeCountries" | "canaryIslandsPostalRanges"> | null | undefined,
  rows: readonly { destination: string; postalCode: string }[],
): boolean {
  return rows.length > 0 && rows.every((row) => insideCustomsUnion(catalog, row.destination, row.postalCode));
}

export function declarationFor(eu: boolean): string {
  return eu ? euDeclaration : nonEuDeclaration;
}

/** The dialog's defaults: DAP, SALE_OF_GOODS_PERMANENT, amounts 0, the standard comment, the EU or non-EU statement. */
export function defaultInvoiceForm(eu: boolean): InvoiceForm {
  return {
    invoiceNumber: "",
    poNumber: "",
    incoterm: Incoterm.DAP,
    reasonOfExport: ReasonOfExport.SALE_OF_GOODS_PERMANENT,
    amounts: { freightPostage: "0", discountRebate: "0", vat: "0", tobaccoTax: "0", duty: "0" },
    additionalComments: standardComment,
    eu,
    declarationStatement: declarationFor(eu),
  };
}

export function amountDisabled(form: Pick<InvoiceForm, "incoterm">, field: AmountField): boolean {
  return form.incoterm === Incoterm.DAP && dapAmounts.includes(field);
}

/** An amount as typed (decimal comma or point); NaN when it is not a number of at least 0. */
export function amountOf(text: string): number {
  const trimmed = text.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed);
}

/** The amounts that are not numbers of at least 0 with at most two decimals (the disabled ones apart). */
export function invalidAmounts(form: InvoiceForm): AmountField[] {
  return amountFields.filter((field) => !amountDisabled(form, field) && Number.isNaN(amountOf(form.amounts[field])));
}

/** Generate is enabled with a number, known to be free, and valid amounts. */
export function canGenerate(form: InvoiceForm, taken: boolean | undefined): boolean {
  return normalizeInvoiceNumber(form.invoiceNumber) !== "" && taken === false && invalidAmounts(form).length === 0;
}

/** The invoice request of the form for the shipments (DAP's receiver amounts sent as 0). */
export function invoiceRequest(form: InvoiceForm, shipmentIds: bigint[]) {
  const amount = (field: AmountField) => (amountDisabled(form, field) ? 0 : amountOf(form.amounts[field]));
  return {
    invoiceNumber: normalizeInvoiceNumber(form.invoiceNumber),
    poNumber: form.poNumber.trim(),
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
