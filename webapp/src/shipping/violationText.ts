import type { I18n } from "@lingui/core";
import { messageText } from "../errors/messageText";
import { isKnownMessageKey } from "../errors/serverMessages";
import type { Violation } from "../gen/portal/v1/batches_pb";

/**
 * A violation as the user reads it: the server's message key translated with
 * its attributes (max=35, ...). A key the catalogs lack yet shows as it came,
 * so nothing goes unreported.
 */
export function violationText(i18n: I18n, violation: Violation): string {
  return failureText(i18n, violation.message, violation.attributes);
}

/**
 * A failure text of a batch or a shipment: a message key with its params,
 * translated, or (from older rows) the carrier's own words as they came.
 */
export function failureText(i18n: I18n, text: string, params: Record<string, string> = {}): string {
  return isKnownMessageKey(text) ? messageText(i18n, { id: text, values: params }) : text;
}
