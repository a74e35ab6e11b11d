import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The dashboard's rules that need no screen (spec 3 §2, §9): the size of a
 * country's marker, the top-countries table, the links column.
 */

/** The top-countries table shows 8 rows although its title says top 5 (spec 3 §9). */
export const topRows = 8;

/** The largest marker's radius; the others scale from 0 to it by their count relative to the largest count. */
export const maxRadius = 10;

/** A marker's radius, 0 to 10, relative to the largest count. */
export function markerRadius(count: number, maxCount: number): number {
  if (count <= 0 || maxCount <= 0) return 0;
  return (maxRadius * Math.min(count, maxCount)) / maxCount;
}

/** What the table shows: the first rows of the server's list (largest first). */
export function topCountries<T>(countries: readonly T[] | undefined): T[] {
  return (countries ?? []).slice(0, topRows);
}

/**
 * The links column (spec 3 §2): the newsletter inside the portal, then the
 * carrier's pages, which the spec names but does not give addresses for.
 */
export const links: { label: MessageDescriptor; href: string; external: boolean }[] = [
  { label: msg`Subscribe to the newsletter`, href: "/newsletter-subscribe", external: false },
  { label: msg`Service updates`, href: "https://www.asendia.com/service-updates", external: true },
  { label: msg`eCommerce solutions`, href: "https://www.asendia.com/ecommerce", external: true },
  { label: msg`Shipping solutions`, href: "https://www.asendia.com/shipping", external: true },
  { label: msg`Mailing solutions`, href: "https://www.asendia.com/mailing", external: true },
];

/** The country search's days in order, or open at either end. */
export function rangeInOrder(from: string, to: string): boolean {
  return from === "" || to === "" || from <= to;
}
