import { useLingui } from "@lingui/react/macro";
import { useBatch } from "../../api/batches";
import { messageText } from "../../errors/messageText";
import type { BatchShipment } from "../../gen/portal/v1/batches_pb";
import { shipmentDeleteRefusal } from "../../shipping/shipmentDeletion";

/**
 * Why the shipment cannot be deleted now, in the user's words; null when it
 * can. Until its batch is read the delete waits (a refusal says so), so the
 * button is never offered for a shipment in a manifest.
 */
export function useShipmentDeleteRefusal(shipment: BatchShipment | undefined): string | null {
  const { t, i18n } = useLingui();
  const batchId = shipment && shipment.csvShipment > 0n ? shipment.csvShipment : null;
  const batch = useBatch(batchId);
  if (!shipment) return null;
  if (batchId === null) return null;
  if (!batch.data) return batch.isError ? null : t`Checking whether the shipment can be deleted…`;
  const refusal = shipmentDeleteRefusal(shipment, batch.data);
  return refusal && messageText(i18n, refusal);
}
