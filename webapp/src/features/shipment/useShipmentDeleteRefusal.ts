import { useLingui } from "@lingui/react/macro";
import { messageText } from "../../errors/messageText";
import type { BatchShipment } from "../../gen/portal/v1/batches_pb";

/**
 * Why the shipment cannot be deleted now, in the user's words; null when it
 * can. The server sends the refusal DeleteShipment would answer with the
 * shipment (BatchShipment.deleteRefusal, core/batch.ShipmentDeleteRefusal).
 */
export function useShipmentDeleteRefusal(shipment: BatchShipment | undefined): string | null {
  const { i18n } = useLingui();
  const refusal = shipment?.deleteRefusal;
  if (!refusal) return null;
  return messageText(i18n, { id: refusal.messageKey, values: refusal.params });
}
