import { describe, expect, it } from "vitest";
import {
  CommercialInvoiceTerms_Incoterm as Incoterm,
  CommercialInvoiceTerms_ReasonOfExport as ReasonOfExport,
} from "../../gen/portal/v1/reports_pb";
import {
  amountDisabled,
  canGenerate,
  declarationFor,
  defaultInvoiceForm,
  euDeclaration,
  insideCustomsUnion,
  invalidAmounts,
  invoiceRequest,
  isEuShipment,
  nonEuDeclaration,
  normalizeInvoiceNumber,
  standardComment,
} from "./invoiceForm";

const catalog = {
  taxFreeCountries: ["DE", "ES", "NL"],
  canaryIslandsPostalRanges: [
    { countryCode: "ES", from: "35000", to: "35999" },
    { countryCode: "ES", from: "38000", to: "38999" },
  ],
} as unknown as Parameters<typeof insideCustomsUnion>[0];

describe("the invoice dialog's rules (spec 2 §5.5)", () => {
  it("strips every whitespace of the invoice number", () => {
    expect(normalizeInvoiceNumber(" INV\t2026 -1\n")).toBe("INV2026-1");
  });

  it("defaults to DAP, sale of goods, amounts 0, the standard comment and the declaration of the choice", () => {
    const form = defaultInvoiceForm(false);
    expect(form.incoterm).toBe(Incoterm.DAP);
    expect(form.reasonOfExport).toBe(ReasonOfExport.SALE_OF_GOODS_PERMANENT);
    expect(Object.values(form.amounts)).toEqual(["0", "0", "0", "0", "0"]);
    expect(form.additionalComments).toBe(standardComment);
    expect(form.declarationStatement).toBe(nonEuDeclaration);
    expect(defaultInvoiceForm(true).declarationStatement).toBe(euDeclaration);
    expect(declarationFor(true)).toBe(euDeclaration);
  });

  it("is EU for tax-free destinations, but not for the Canary Islands' postal ranges", () => {
    expect(insideCustomsUnion(catalog, "de", "10115")).toBe(true);
    expect(insideCustomsUnion(catalog, "ES", "28001")).toBe(true);
    expect(insideCustomsUnion(catalog, "ES", "35001")).toBe(false);
    expect(insideCustomsUnion(catalog, "ES", "38999")).toBe(false);
    expect(insideCustomsUnion(catalog, "CH", "8001")).toBe(false);
    expect(insideCustomsUnion(null, "DE", "10115")).toBe(false);
    expect(
      isEuShipment(catalog, [
        { destination: "DE", postalCode: "10115" },
        { destination: "NL", postalCode: "1012" },
      ]),
    ).toBe(true);
    expect(
      isEuShipment(catalog, [
        { destination: "DE", postalCode: "10115" },
        { destination: "ES", postalCode: "35001" },
      ]),
    ).toBe(false);
    expect(isEuShipment(catalog, [])).toBe(false);
  });

  it("disables vat, tobacco tax and duty under DAP and sends them as 0", () => {
    const form = { ...defaultInvoiceForm(false), invoiceNumber: " A 1 " };
    form.amounts = { freightPostage: "4,50", discountRebate: "1", vat: "x", tobaccoTax: "2", duty: "3" };
    expect(amountDisabled(form, "vat") && amountDisabled(form, "duty") && amountDisabled(form, "tobaccoTax")).toBe(
      true,
    );
    expect(amountDisabled(form, "freightPostage")).toBe(false);
    expect(invalidAmounts(form)).toEqual([]);
    const request = invoiceRequest(form, [7n]);
    expect(request).toMatchObject({
      invoiceNumber: "A1",
      freightPostage: 4.5,
      discountRebate: 1,
      vat: 0,
      duty: 0,
      tobaccoTax: 0,
    });
    const ddp = { ...form, incoterm: Incoterm.DDP };
    expect(amountDisabled(ddp, "vat")).toBe(false);
    expect(invalidAmounts(ddp)).toEqual(["vat"]);
    expect(invoiceRequest({ ...ddp, amounts: { ...ddp.amounts, vat: "7.7" } }, [7n])).toMatchObject({
      vat: 7.7,
      duty: 3,
    });
  });

  it("enables Generate only with a number known to be free and valid amounts", () => {
    const form = { ...defaultInvoiceForm(true), invoiceNumber: "INV-1" };
    expect(canGenerate(form, false)).toBe(true);
    expect(canGenerate(form, true)).toBe(false);
    expect(canGenerate(form, undefined)).toBe(false);
    expect(canGenerate({ ...form, invoiceNumber: "  " }, false)).toBe(false);
    expect(canGenerate({ ...form, amounts: { ...form.amounts, freightPostage: "-1" } }, false)).toBe(false);
  });
});
