import { checkEmail } from "../../auth/accountRules";
import {
  SubmitParcelInquiryRequest_Insurance as Insurance,
  SubmitParcelInquiryRequest_Product as Product,
  SubmitParcelInquiryRequest_Reason as Reason,
} from "../../gen/portal/v1/inquiries_pb";

/**
 * The parcel inquiry form of spec 3 §3–5: its fields and defaults, the
 * prefill from a parcel's tracking details, and the rules checked before
 * sending (the server, core/inquiry, checks them again): required fields,
 * each e-mail equal to its copy, a valid posting date in the locale's
 * format, the consent, and at most 3 attachments of 8,000,000 bytes each.
 */

export const maxAttachments = 3;
export const maxAttachmentBytes = 8_000_000;
/** The file types the service desk opens (the server checks the content too). */
export const attachmentExtensions = [".pdf", ".png", ".jpg", ".jpeg", ".gif", ".txt"] as const;

export type InquiryForm = {
  product: Product;
  insurance: Insurance;
  reason: Reason;
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
  product: Product.EPAQ_STANDARD,
  insurance: Insurance.NONE,
  reason: Reason.ITEM_NOT_DELIVERED,
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

export const requiredFields = [
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
] as const satisfies readonly (keyof InquiryForm)[];

export type InquiryRule =
  "required" | "email" | "mismatch" | "date" | "consent" | "maxFiles" | "maxFileSize" | "fileType" | "minLength";

export type InquiryViolations = Partial<Record<keyof InquiryForm | "attachments", InquiryRule>>;

/** The posting date's format in each locale: the day always first. */
export function dateFormatOf(locale: string): string {
  if (locale.startsWith("de")) return "dd.MM.yyyy";
  if (locale.startsWith("nl")) return "dd-MM-yyyy";
  return "dd/MM/yyyy";
}

/** Reads a date typed in the locale's format; null when it is no real day. */
export function parseLocaleDate(text: string, locale: string): Date | null {
  const separator = dateFormatOf(locale)[2];
  const parts = text.trim().split(separator);
  if (parts.length !== 3 || !/^\d{1,2}$/.test(parts[0]) || !/^\d{1,2}$/.test(parts[1]) || !/^\d{4}$/.test(parts[2]))
    return null;
  const [day, month, year] = parts.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return year < 1900 ? null : date;
}

/** Writes a day in the locale's format. */
export function formatLocaleDate(date: Date, locale: string): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  const separator = dateFormatOf(locale)[2];
  return [pad(date.getUTCDate()), pad(date.getUTCMonth() + 1), String(date.getUTCFullYear())].join(separator);
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot).toLowerCase();
};

/** Whether a file may be attached: its type, its size. */
export function fileRule(file: { fileName: string; size: number }): InquiryRule | null {
  if (!(attachmentExtensions as readonly string[]).includes(extensionOf(file.fileName))) return "fileType";
  if (file.size === 0 || file.size > maxAttachmentBytes) return "maxFileSize";
  return null;
}

/** Every broken rule of the form, by field. */
export function validateInquiry(form: InquiryForm, files: readonly InquiryFile[], locale: string): InquiryViolations {
  const out: InquiryViolations = {};
  for (const field of requiredFields) {
    if (form[field].trim() === "") out[field] = "required";
  }
  for (const [field, copy] of [
    ["senderContactEmail", "senderContactEmailCopy"],
    ["recipientContactEmail", "recipientContactEmailCopy"],
  ] as const) {
    if (form[field].trim() !== "" && checkEmail(form[field].trim()) !== null) out[field] = "email";
    if (form[field].trim().toLowerCase() !== form[copy].trim().toLowerCase()) out[copy] = "mismatch";
  }
  if (form.dateOfPosting.trim() !== "" && !parseLocaleDate(form.dateOfPosting, locale)) out.dateOfPosting = "date";
  if (!form.consent) out.consent = "consent";
  if (files.length > maxAttachments) out.attachments = "maxFiles";
  else {
    const broken = files.map(fileRule).find((rule) => rule !== null);
    if (broken) out.attachments = broken;
  }
  return out;
}

/** A parcel's tracking details as the prefill reads them (spec 3 §7). */
export type ParcelDetails = {
  trackingId: string;
  parcelData?: { customerId: string; productDescription: string };
  shipmentData?: { shipmentDate: string; productCode: string };
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

/** The product of a tracked product code: e-PAQ Plus and Select are tracked, the rest reads Standard. */
function productOf(code: string): Product {
  if (code === "EPAQPLS") return Product.EPAQ_PLUS;
  if (code === "EPAQSCT") return Product.EPAQ_SELECT;
  if (code === "EPAQELI") return Product.EPAQ_ELITE;
  return Product.EPAQ_STANDARD;
}

/** The internal form prefilled from the parcel's details. */
export function prefill(details: ParcelDetails, locale: string): InquiryForm {
  const s = details.senderDetails;
  const r = details.receiverDetails;
  const shipped = details.shipmentData?.shipmentDate ? new Date(details.shipmentData.shipmentDate) : null;
  return {
    ...emptyInquiry,
    product: productOf(details.shipmentData?.productCode ?? ""),
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
