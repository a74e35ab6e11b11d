/**
 * Date and number formats of spec 1 §9. Dates use the fixed European pattern
 * DD.MM.YYYY in every locale; numbers follow the locale's grouping and decimal
 * marks (Dutch: 1.234,56 and € 1.234,56).
 */

const pad = (value: number) => String(value).padStart(2, "0");

/** DD.MM.YYYY in the browser's time zone. */
export function formatDate(date: Date): string {
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** A calendar day as the server takes it (YYYY-MM-DD) shown DD.MM.YYYY; empty stays empty. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : day;
}

/**
 * The calendar day (YYYY-MM-DD) a typed DD.MM.YYYY stands for (one-digit day
 * and month allowed, and YYYY-MM-DD itself); "" for nothing typed, null for
 * text that is no real day.
 */
export function parseDay(text: string): string | null {
  const typed = text.trim();
  if (typed === "") return "";
  const european = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(typed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(typed);
  const parts = european ? [european[3], european[2], european[1]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(day)}`;
}

/** DD.MM.YYYY HH:mm in the browser's time zone. */
export function formatDateTime(date: Date): string {
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The parts of an address (a customer's, a tenant's, a hub's) that addressLine shows. */
type AddressParts = { street: string; additionalAddress: string; zipCode: string; city: string; countryCode: string };

/** An address on one line, "Street, Additional, Zip City, CC", leaving out what is empty. */
export function addressLine(address: AddressParts | undefined): string {
  if (!address) return "";
  const { street, additionalAddress, zipCode, city, countryCode } = address;
  return [street, additionalAddress, `${zipCode} ${city}`.trim(), countryCode].filter(Boolean).join(", ");
}

/** Whole number with thousands separators (pattern 0,0). */
export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** Number with up to two decimals, shown only when present (pattern 0,0.[00]). */
export function formatDecimal(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/** Amount in euro with two decimals. */
export function formatEuro(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(value);
}
