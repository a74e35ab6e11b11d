import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  CommercialInvoiceDefaultsSchema,
  InvoiceAmount,
  Incoterm,
  ReasonOfExport,
} from "../../gen/portal/v1/reports_pb";
import {
  amountDisabled,
  amountErrors,
  canGenerate,
  declarationFor,
  defaultInvoiceForm,
  invoiceRequest,
  receiverPays,
} from "./invoiceForm";

/*
 * The server's answer (core/invoice.DefaultsFor), with made-up texts and a
 * made-up rule (the receiver pays only the duty under DTP), so that each
 * test shows the form follows the answer rather than a rule of its own.
 */
const defaults = create(CommercialInvoiceDefaultsSchema, {
  incoterm: Incoterm.DTP,
  reasonOfExport: ReasonOfExport.SAMPLES,
  additionalComments: "certified by the server",
  insideCustomsUnion: true,
  euDeclaration: "the server's EU text",
  nonEuDeclaration: "the server's non-EU text",
  receiverAmounts: [{ incoterm: Incoterm.DTP, amounts: [InvoiceAmount.DUTY] }],
});

describe("the invoice form shows what the server answers (spec 2 §5.5)", () => {
  it("starts with the server's defaults and declaration", () => {
    const form = defaultInvoiceForm(defaults);
    expect(form).toMatchObject({
      incoterm: Incoterm.DTP,
      reasonOfExport: ReasonOfExport.SAMPLES,
      additionalComments: "certified by the server",
      eu: true,
      declarationStatement: "the server's EU text",
    });
    expect(Object.values(form.amounts)).toEqual(["0", "0", "0", "0", "0"]);
    expect(defaultInvoiceForm({ ...defaults, insideCustomsUnion: false }).declarationStatement).toBe(
      "the server's non-EU text",
    );
    expect(declarationFor(defaults, false)).toBe("the server's non-EU text");
  });

  it("asks for no amount the server says the receiver pays under the incoterm, and sends it as 0", () => {
    const form = { ...defaultInvoiceForm(defaults) };
    form.amounts = { freightPostage: "4,50", discountRebate: "1", vat: "2", tobaccoTax: "3", duty: "x" };
    expect(amountDisabled(defaults, form, "duty")).toBe(true);
    expect(amountDisabled(defaults, form, "vat")).toBe(false);
    expect(receiverPays(defaults, form)).toBe(true);
    expect(amountErrors(defaults, form)).toEqual({});
    expect(invoiceRequest(defaults, form, "A1", [7n])).toMatchObject({
      invoiceNumber: "A1",
      freightPostage: 4.5,
      discountRebate: 1,
      vat: 2,
      tobaccoTax: 3,
      duty: 0,
    });
    const ddp = { ...form, incoterm: Incoterm.DDP };
    expect(amountDisabled(defaults, ddp, "duty")).toBe(false);
    expect(receiverPays(defaults, ddp)).toBe(false);
    expect(Object.keys(amountErrors(defaults, ddp))).toEqual(["duty"]);
  });

  it("shows the request's own field rule for an amount out of range, and no number as such", () => {
    const form = defaultInvoiceForm(defaults);
    form.amounts = { freightPostage: "-1", discountRebate: "2000000000", vat: "abc", tobaccoTax: "0,5", duty: "" };
    const errors = amountErrors(defaults, form);
    // The proto's rule (double gte 0, lte 1e9), read as a number out of range.
    expect(errors.freightPostage?.id).toBe("error.range");
    expect(errors.discountRebate?.id).toBe("error.range");
    expect(errors.vat?.message).toMatch(/Enter a number/);
    expect(errors.tobaccoTax).toBeUndefined();
    // The duty is the receiver's under DTP here: not asked for.
    expect(errors.duty).toBeUndefined();
  });

  it("enables Generate only once the server answered the number as stored, free, and the amounts are good", () => {
    const form = defaultInvoiceForm(defaults);
    expect(canGenerate(defaults, form, { invoiceNumber: "INV-1", taken: false })).toBe(true);
    expect(canGenerate(defaults, form, { invoiceNumber: "INV-1", taken: true })).toBe(false);
    expect(canGenerate(defaults, form, undefined)).toBe(false);
    // Whitespace only: the server's number is empty.
    expect(canGenerate(defaults, form, { invoiceNumber: "", taken: false })).toBe(false);
    const negative = { ...form, amounts: { ...form.amounts, freightPostage: "-1" } };
    expect(canGenerate(defaults, negative, { invoiceNumber: "INV-1", taken: false })).toBe(false);
  });
});
