import type { I18n } from "@lingui/core";
import type { Violation } from "../../gen/portal/v1/batches_pb";
import { isKnownMessageKey } from "../../errors/serverMessages";

/**
 * A violation as the user reads it: the server's message key translated with
 * its attributes (max=35, ...). A key the catalogs lack yet shows as it came,
 * so nothing goes unreported.
 */
export function violationText(i18n: I18n, violation: Violation): string {
  if (isKnownMessageKey(violation.message)) return i18n._({ id: violation.message, values: violation.attributes });
  return violation.message;
}

/** A failure text of a shipment (a message key or the carrier's own words). */
export function failureText(i18n: I18n, text: string): string {
  return isKnownMessageKey(text) ? i18n._({ id: text }) : text;
}
