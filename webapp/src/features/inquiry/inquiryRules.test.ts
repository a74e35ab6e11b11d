import { describe, expect, it } from "vitest";
import {
  SubmitParcelInquiryRequest_Insurance as Insurance,
  SubmitParcelInquiryRequest_Product as Product,
  SubmitParcelInquiryRequest_Reason as Reason,
} from "../../gen/portal/v1/inquiries_pb";
import {
  emptyInquiry,
  formatLocaleDate,
  type InquiryForm,
  parseLocaleDate,
  prefill,
  validateInquiry,
} from "./inquiryRules";

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
const png = (size: number) => ({ fileName: "photo.png", size, data: new Uint8Array(0) });

describe("the parcel inquiry's rules (spec 3 §5)", () => {
  it("defaults to e-PAQ Standard, no insurance, item not delivered and a copy to the sender", () => {
    expect(emptyInquiry).toMatchObject({
      product: Product.EPAQ_STANDARD,
      insurance: Insurance.NONE,
      reason: Reason.ITEM_NOT_DELIVERED,
      senderCopyToEmail: true,
      consent: false,
    });
  });

  it("accepts a complete form", () => {
    expect(validateInquiry(complete, [png(100)], "de")).toEqual({});
  });

  it("names every required field of an empty form and the consent", () => {
    const violations = validateInquiry(emptyInquiry, [], "en");
    for (const field of [
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
    ] as const) {
      expect(violations[field]).toBe("required");
    }
    expect(violations.consent).toBe("consent");
    expect(violations.senderStreet).toBeUndefined();
  });

  it("wants each e-mail equal to its copy and valid", () => {
    const violations = validateInquiry(
      { ...complete, senderContactEmailCopy: "other@example.org", recipientContactEmail: "no-at-sign" },
      [],
      "en",
    );
    expect(violations.senderContactEmailCopy).toBe("mismatch");
    expect(violations.recipientContactEmail).toBe("email");
    expect(violations.recipientContactEmailCopy).toBe("mismatch");
  });

  it("reads the posting date in the locale's format only", () => {
    expect(parseLocaleDate("24.11.2026", "de")?.toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(parseLocaleDate("24-11-2026", "nl")).not.toBeNull();
    expect(parseLocaleDate("24/11/2026", "it")).not.toBeNull();
    expect(parseLocaleDate("24/11/2026", "de")).toBeNull();
    expect(parseLocaleDate("31.02.2026", "de")).toBeNull();
    expect(parseLocaleDate("tomorrow", "en")).toBeNull();
    expect(validateInquiry({ ...complete, dateOfPosting: "2026-11-24" }, [], "de").dateOfPosting).toBe("date");
    expect(formatLocaleDate(new Date(Date.UTC(2026, 0, 5)), "nl")).toBe("05-01-2026");
  });

  it("takes at most 3 files of 8,000,000 bytes each, of the accepted types", () => {
    expect(validateInquiry(complete, [png(1), png(1), png(1), png(1)], "de").attachments).toBe("maxFiles");
    expect(validateInquiry(complete, [png(8_000_000)], "de").attachments).toBeUndefined();
    expect(validateInquiry(complete, [png(8_000_001)], "de").attachments).toBe("maxFileSize");
    expect(
      validateInquiry(complete, [{ fileName: "run.exe", size: 10, data: new Uint8Array(0) }], "de").attachments,
    ).toBe("fileType");
  });

  it("prefills the internal form from the parcel's tracking details", () => {
    const form = prefill(
      {
        trackingId: "CP1DE",
        parcelData: { customerId: "DE10000001", productDescription: "e-PAQ Plus" },
        shipmentData: { shipmentDate: "2026-11-20T10:00:00Z", productCode: "EPAQPLS" },
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
      "de",
    );
    expect(form).toMatchObject({
      product: Product.EPAQ_PLUS,
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
