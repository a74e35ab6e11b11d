import type { I18n, MessageDescriptor } from "@lingui/core";
import { batchStatusNameOf } from "../shipping/statusNames";
import { fieldLabel } from "../shipping/fieldLabels";
import { filterName } from "../shipping/shipmentFilters";

/**
 * Some values the server puts into its messages are words of its own
 * vocabulary: a batch status (MANIFEST_CREATED), a CSV field the carrier
 * refused (postalcode), a shipment filter (ERROR). Before a message is shown
 * they are translated like the screens show them, so a German user reads "…im Status „Manifest
 * erstellt“" or "…im Feld Postleitzahl" and not the code.
 */
const vocabulary: Record<string, (i18n: I18n, value: string) => string> = {
  status: (i18n, value) => {
    const name = batchStatusNameOf(value);
    return name ? i18n._(name) : value;
  },
  field: fieldLabel,
  filter: filterName,
};

/** A message of the server (or of the failure mapper) as the user reads it. */
export function messageText(i18n: I18n, message: MessageDescriptor): string {
  const values = message.values;
  if (!values) return i18n._(message);
  const shown: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(values)) {
    const translate = vocabulary[name];
    if (translate && typeof value === "string") shown[name] = translate(i18n, value);
  }
  const translated: MessageDescriptor = { ...message, values: shown };
  return i18n._(translated);
}
