import { describe, expect, it } from "vitest";
import { brokenRules, maxItemsOf, requiredFieldsOf } from "../../components/form/fieldRules";
import {
  SubmitParcelInquiryRequestSchema,
  InquiryInsurance,
  InquiryProduct,
  InquiryReason,
} from "../../gen/portal/v1/inquiries_pb";
import { emptyInquiry, formatLocaleDate, type InquiryForm, prefill } from "./inquiryForm";

const complete: InquiryForm = {
  ...emptyInquiry,
  trackingNumber: "CP123DE",
  dateOfPosting: "24.11.2026",
  senderName: "Bakery",
  senderCrmid: "DE10000001",
  senderContactPerson: "Anna",
  senderContactEmail: "anna@example.org",
  senderContactEmailCopy: "anna@example.org",
  recipientName: "Bob",
  recipientCountry: "NL",
  recipientContactPerson: "Bob",
  recipientContactEmail: "bob@example.org",
  recipientContactEmailCopy: "bob@example.org",
  contentDescription: "Bread",
  consent: true,
};
const png = (size: number) => ({ fileName: "photo.png", data: new Uint8Array(size) });
/** The proto's field rules, as the form checks them in the browser. */
const check = (form: InquiryForm, files: { fileName: string; data: Uint8Array }[] = []) =>
  brokenRules(SubmitParcelInquiryRequestSchema, { ...form, attachments: files });

describe("the parcel inquiry form (spec 3 §3–5)", () => {
  it("defaults to e-PAQ Standard, no insurance, item not delivered and a copy to the sender", () => {
    expect(emptyInquiry).toMatchObject({
      product: InquiryProduct.EPAQ_STANDARD,
      insurance: InquiryInsurance.NONE,
      reason: InquiryReason.ITEM_NOT_DELIVERED,
      senderCopyToEmail: true,
      consent: false,
    });
  });

  it("accepts a complete form", () => {
    expect(check(complete, [png(100)])).toEqual({});
  });

  it("names every field the proto requires of an empty form", () => {
    const required = [
      "trackingNumber",
      "dateOfPosting",
      "senderName",
      "senderCrmid",
      "senderContactPerson",
      "senderContactEmail",
      "recipientName",
      "recipientCountry",
      "recipientContactPerson",
      "recipientContactEmail",
      "contentDescription",
    ];
    expect(requiredFieldsOf(SubmitParcelInquiryRequestSchema).sort()).toEqual([...required].sort());
    const violations = check(emptyInquiry);
    for (const field of required) expect(violations[field]).toBe("required");
    expect(violations.senderStreet).toBeUndefined();
  });

  it("takes at most 3 files of 8,000,000 bytes each and texts of their lengths", () => {
    expect(maxItemsOf(SubmitParcelInquiryRequestSchema, "attachments")).toBe(3);
    expect(check(complete, [png(1), png(1), png(1), png(1)])).toEqual({ attachments: "Size" });
    expect(check(complete, [png(8_000_000)])).toEqual({});
    expect(check(complete, [png(8_000_001)])).toEqual({ "attachments[0].data": "Size" });
    expect(check({ ...complete, senderName: "a".repeat(201) })).toEqual({ senderName: "Size" });
  });

  it("writes the posting date in the locale's format", () => {
    expect(formatLocaleDate(new Date(Date.UTC(2026, 0, 5)), "nl")).toBe("05-01-2026");
    expect(formatLocaleDate(new Date(Date.UTC(2026, 0, 5)), "de")).toBe("05.01.2026");
  });

  it("prefills the internal form from the parcel's tracking details and the server's product", () => {
    const form = prefill(
      {
        trackingId: "CP1DE",
        parcelData: { customerId: "DE10000001", productDescription: "e-PAQ Plus" },
        shipmentData: { shipmentDate: "2026-11-20T10:00:00Z" },
        senderDetails: {
          senderName: "Bakery",
          senderAddress1: "Main 1",
          senderZip: "10115",
          senderCity: "Berlin",
          senderCountry: "DE",
          senderPhone: "030",
          senderEmail: "shop@example.org",
        },
        receiverDetails: {
          recipientName: "Jan",
          recipientAddress1: "Keizersgracht 1",
          recipientZip: "1015",
          recipientCity: "Amsterdam",
          recipientCountry: "NL",
          recipientPhone: "",
          recipientEmail: "jan@example.org",
        },
      },
      // The server's product for the parcel (core/inquiry.ProductOfCode).
      InquiryProduct.EPAQ_ELITE,
      "de",
    );
    expect(form).toMatchObject({
      product: InquiryProduct.EPAQ_ELITE,
      trackingNumber: "CP1DE",
      dateOfPosting: "20.11.2026",
      senderCrmid: "DE10000001",
      senderContactEmailCopy: "shop@example.org",
      recipientCountry: "NL",
      recipientContactEmailCopy: "jan@example.org",
      consent: false,
    });
  });
});
