/**
 * The report search model (spec 2 §3) as the page keeps it in its address:
 * `?pageableFilter=` holds the JSON the server reads, so a search is a
 * bookmark and reopening it shows the same result.
 */

import { apiClientKey, reportApiClients as apiClientsOfReports } from "../../shipping/apiClients";
import { labelTypeKey, labelTypes } from "../../shipping/labelTypes";

/** The label types and API clients a search names, by the contract's names (the search is JSON). */
export const reportLabelTypes: string[] = labelTypes.map(labelTypeKey);
export const reportApiClients: string[] = apiClientsOfReports.map(apiClientKey);

export type ReportCriteria = {
  customerIds: string[];
  products: string[];
  services: string[];
  additionalServices: string[];
  formats: string[];
  countries: string[];
  trackingNumbers: string[];
  orderNumbers: string[];
  status: string[];
  fromDate: string;
  toDate: string;
  recipientName: string;
  postalCode: string;
  city: string;
  parcelUuid: string;
  labelTypes: string[];
  invoiceNumbers: string[];
  apiClients: string[];
};

export type ReportSearch = {
  criteria: ReportCriteria;
  page: number;
  size: number;
  sortField: string;
  sortOrder: "asc" | "desc";
};

const listKeys = [
  "customerIds",
  "products",
  "services",
  "additionalServices",
  "formats",
  "countries",
  "trackingNumbers",
  "orderNumbers",
  "status",
  "labelTypes",
  "invoiceNumbers",
  "apiClients",
] as const;
const textKeys = ["fromDate", "toDate", "recipientName", "postalCode", "city", "parcelUuid"] as const;

/** YYYY-MM-DD of a date, in local time. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default search: the last 7 days, newest first, 100 rows. */
export function defaultSearch(now: Date): ReportSearch {
  const from = new Date(now);
  from.setDate(from.getDate() - 7);
  const criteria = Object.fromEntries([
    ...listKeys.map((key) => [key, [] as string[]]),
    ...textKeys.map((key) => [key, ""]),
  ]) as ReportCriteria;
  criteria.fromDate = isoDay(from);
  criteria.toDate = isoDay(now);
  return { criteria, page: 0, size: 100, sortField: "submittedAt", sortOrder: "desc" };
}

/** The JSON the server reads: empty criteria left out, customer ids as numbers. */
export function encodeSearch(search: ReportSearch): string {
  const criteria: Record<string, unknown> = {};
  for (const key of listKeys) {
    const values = search.criteria[key].map((v) => v.trim()).filter((v) => v !== "");
    if (values.length > 0) criteria[key] = key === "customerIds" ? values.map(Number) : values;
  }
  for (const key of textKeys) {
    const value = search.criteria[key].trim();
    if (value !== "") criteria[key] = value;
  }
  return JSON.stringify({
    searchCriteria: criteria,
    page: search.page,
    size: search.size,
    sortField: search.sortField,
    sortOrder: search.sortOrder,
  });
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v) => typeof v === "string" || typeof v === "number").map(String) : [];

/**
 * The search of an address's pageableFilter; what is missing or unreadable
 * takes the default (the server refuses what it cannot answer).
 */
export function decodeSearch(text: string | null, now: Date): ReportSearch {
  const search = defaultSearch(now);
  if (!text) return search;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return search;
  }
  if (typeof parsed !== "object" || parsed === null) return search;
  const model = parsed as Record<string, unknown>;
  const criteria = (typeof model.searchCriteria === "object" && model.searchCriteria) || {};
  const given = criteria as Record<string, unknown>;
  for (const key of listKeys) search.criteria[key] = strings(given[key]);
  for (const key of textKeys) {
    if (typeof given[key] === "string") search.criteria[key] = given[key];
  }
  if (typeof model.page === "number") search.page = model.page;
  if (typeof model.size === "number") search.size = model.size;
  if (typeof model.sortField === "string") search.sortField = model.sortField;
  if (model.sortOrder === "asc" || model.sortOrder === "desc") search.sortOrder = model.sortOrder;
  return search;
}

/** A list criterion typed as text: values split at commas, spaces and line breaks. */
export function splitList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

/**
 * Whether an invoice may be made for the chosen rows: each is, as the server
 * says (core/report Row.Invoiceable: manifested, not a return).
 */
export function invoiceAllowed(rows: readonly { invoiceable: boolean }[]): boolean {
  return rows.length > 0 && rows.every((row) => row.invoiceable);
}
