import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Batch_Status } from "../gen/portal/v1/batches_pb";

/**
 * Whether a shipment may be deleted now, as the server decides it
 * (app/batches DeleteShipment): not while its batch has a manifest (is
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

/**
 * The refusal for a shipment without a label in a manifested batch: the
 * server answers error.shipment.inManifest, but the shipment is not in the
 * manifest (it failed or was cancelled); the manifest of its batch is.
 */
export const batchHasManifest = msg`The batch of this shipment has a manifest; its shipments cannot be deleted.`;

/**
 * Why the delete is refused, in the server's own words (its message keys)
 * where they are true of the shipment; null: it may be deleted.
 */
export function shipmentDeleteRefusal(
  shipment: DeletableShipment,
  batch: { status: Batch_Status; inProgress: boolean },
): MessageDescriptor | null {
  const manifested = batch.status === Batch_Status.MANIFEST_CREATED || batch.status === Batch_Status.CREATING_MANIFEST;
  if (manifested && holdsLabel(shipment)) return { id: "error.shipment.inManifest" };
  if (batch.status === Batch_Status.MANIFEST_CREATED) return batchHasManifest;
  if (batch.inProgress) return { id: "error.batch.notAllowedInStatus", values: { status: Batch_Status[batch.status] } };
  if (holdsLabel(shipment)) return { id: "error.shipment.cancelFirst" };
  return null;
}
