import { InquiryInsurance, InquiryProduct, InquiryReason } from "../../gen/portal/v1/inquiries_pb";

/**
 * The parcel inquiry form of spec 3 §3–5 as the page holds it: its fields
 * and starting values, and the prefill from a parcel's tracking details.
 * Its rules are the server's: the proto's field rules run in the browser
 * (components/form/fieldRules), the rest (e-mail copies, the posting date,
 * the consent, file types) come back from the submit as field errors.
 */

export type InquiryForm = {
  product: InquiryProduct;
  insurance: InquiryInsurance;
  reason: InquiryReason;
  reasonText: string;
  trackingNumber: string;
  dateOfPosting: string;
  senderName: string;
  senderStreet: string;
  senderZipCode: string;
  senderCity: string;
  senderCountry: string;
  senderCrmid: string;
  senderContactPerson: string;
  senderContactPhone: string;
  senderContactEmail: string;
  senderContactEmailCopy: string;
  senderCopyToEmail: boolean;
  recipientName: string;
  recipientStreet: string;
  recipientZipCode: string;
  recipientCity: string;
  recipientCountry: string;
  recipientContactPerson: string;
  recipientContactPhone: string;
  recipientContactEmail: string;
  recipientContactEmailCopy: string;
  contentDescription: string;
  contentValue: string;
  consent: boolean;
};

export type InquiryFile = { fileName: string; size: number; data: Uint8Array };

/** Defaults: e-PAQ Standard, no insurance, item not delivered, a copy to the sender. */
export const emptyInquiry: InquiryForm = {
  product: InquiryProduct.EPAQ_STANDARD,
  insurance: InquiryInsurance.NONE,
  reason: InquiryReason.ITEM_NOT_DELIVERED,
  reasonText: "",
  trackingNumber: "",
  dateOfPosting: "",
  senderName: "",
  senderStreet: "",
  senderZipCode: "",
  senderCity: "",
  senderCountry: "",
  senderCrmid: "",
  senderContactPerson: "",
  senderContactPhone: "",
  senderContactEmail: "",
  senderContactEmailCopy: "",
  senderCopyToEmail: true,
  recipientName: "",
  recipientStreet: "",
  recipientZipCode: "",
  recipientCity: "",
  recipientCountry: "",
  recipientContactPerson: "",
  recipientContactPhone: "",
  recipientContactEmail: "",
  recipientContactEmailCopy: "",
  contentDescription: "",
  contentValue: "",
  consent: false,
};

/** The posting date's format in each locale: the day always first. */
export function dateFormatOf(locale: string): string {
  if (locale.startsWith("de")) return "dd.MM.yyyy";
  if (locale.startsWith("nl")) return "dd-MM-yyyy";
  return "dd/MM/yyyy";
}

/** Writes a day in the locale's format. */
export function formatLocaleDate(date: Date, locale: string): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const separator = dateFormatOf(locale)[2];
  return [pad(date.getUTCDate()), pad(date.getUTCMonth() + 1), String(date.getUTCFullYear())].join(separator);
}

/** A parcel's tracking details as the prefill reads them (spec 3 §7). */
export type ParcelDetails = {
  trackingId: string;
  parcelData?: { customerId: string; productDescription: string };
  shipmentData?: { shipmentDate: string };
  senderDetails?: {
    senderName: string;
    senderAddress1: string;
    senderZip: string;
    senderCity: string;
    senderCountry: string;
    senderPhone: string;
    senderEmail: string;
  };
  receiverDetails?: {
    recipientName: string;
    recipientAddress1: string;
    recipientZip: string;
    recipientCity: string;
    recipientCountry: string;
    recipientPhone: string;
    recipientEmail: string;
  };
};

/** The internal form prefilled from the parcel's details, with the product the server names for it. */
export function prefill(details: ParcelDetails, product: InquiryProduct, locale: string): InquiryForm {
  const s = details.senderDetails;
  const r = details.receiverDetails;
  const shipped = details.shipmentData?.shipmentDate ? new Date(details.shipmentData.shipmentDate) : null;
  return {
    ...emptyInquiry,
    product: product === InquiryProduct.INQUIRY_PRODUCT_UNSPECIFIED ? emptyInquiry.product : product,
    trackingNumber: details.trackingId,
    dateOfPosting: shipped && !Number.isNaN(shipped.getTime()) ? formatLocaleDate(shipped, locale) : "",
    senderName: s?.senderName ?? "",
    senderStreet: s?.senderAddress1 ?? "",
    senderZipCode: s?.senderZip ?? "",
    senderCity: s?.senderCity ?? "",
    senderCountry: s?.senderCountry ?? "",
    senderCrmid: details.parcelData?.customerId ?? "",
    senderContactPhone: s?.senderPhone ?? "",
    senderContactEmail: s?.senderEmail ?? "",
    senderContactEmailCopy: s?.senderEmail ?? "",
    recipientName: r?.recipientName ?? "",
    recipientStreet: r?.recipientAddress1 ?? "",
    recipientZipCode: r?.recipientZip ?? "",
    recipientCity: r?.recipientCity ?? "",
    recipientCountry: r?.recipientCountry ?? "",
    recipientContactPhone: r?.recipientPhone ?? "",
    recipientContactEmail: r?.recipientEmail ?? "",
    recipientContactEmailCopy: r?.recipientEmail ?? "",
  };
}
