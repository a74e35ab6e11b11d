import type { MessageDescriptor } from "@lingui/core";
import { inProgress } from "../batch/batchStatus";

/**
 * Whether a shipment may be deleted now, as the server decides it
 * (app/batch DeleteShipment): not while it is in a manifest (its batch is
 * MANIFEST_CREATED or CREATING_MANIFEST), not while a job works on its batch,
 * and not while it holds a label the carrier has not cancelled. The shipment
 * does not carry its batch's status, so the page reads the batch (csvShipment).
 */

/** What a shipment's delete needs of it. */
export type DeletableShipment = { success: boolean; cancelled: boolean };

/** Whether the shipment holds a label the carrier has not cancelled: it must be cancelled before a delete. */
export function holdsLabel(shipment: DeletableShipment): boolean {
  return shipment.success && !shipment.cancelled;
}

/** Why the delete is refused, in the server's own words (its message keys); null: it may be deleted. */
export function shipmentDeleteRefusal(shipment: DeletableShipment, batchStatus: string): MessageDescriptor | null {
  if (batchStatus === "MANIFEST_CREATED" || batchStatus === "CREATING_MANIFEST") {
    return { id: "error.shipment.inManifest" };
  }
  if (inProgress(batchStatus)) return { id: "error.batch.notAllowedInStatus", values: { status: batchStatus } };
  if (holdsLabel(shipment)) return { id: "error.shipment.cancelFirst" };
  return null;
}
