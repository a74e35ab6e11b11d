import type { BatchShipment } from "../../../gen/portal/v1/batches_pb";

/**
 * A single send or cancel of a shipment answers at once and a job asks the
 * carrier afterwards, while the batch stays SENT (so the page does not poll
 * for it). The Shipments tab therefore follows each such shipment itself:
 * it reads the page again every 2 s until the shipment changed, or gives up
 * after a minute.
 */

export const pendingPollMs = 2_000;
export const pendingTimeoutMs = 60_000;

/** The shipments being followed: id to their state when the job was queued, and since when. */
export type Pending = Readonly<Record<string, { state: string; since: number }>>;

/** What a job changes in a shipment; once it differs, the job is done. */
export function shipmentState(shipment: BatchShipment): string {
  const submitted = shipment.submittedAt ? `${shipment.submittedAt.seconds}.${shipment.submittedAt.nanos}` : "";
  return [
    shipment.success,
    shipment.cancelled,
    shipment.changed,
    shipment.errorMessage,
    shipment.identifier,
    submitted,
  ].join("|");
}

export function follow(pending: Pending, shipment: BatchShipment, now: number): Pending {
  return { ...pending, [String(shipment.id)]: { state: shipmentState(shipment), since: now } };
}

/**
 * The shipments still to follow once a page was read: those on the page
 * that have not changed yet, and those not on it (another page or filter)
 * until their minute is up.
 */
export function stillPending(pending: Pending, page: readonly BatchShipment[] | undefined, now: number): Pending {
  const next: Record<string, { state: string; since: number }> = {};
  for (const [id, entry] of Object.entries(pending)) {
    if (now - entry.since >= pendingTimeoutMs) continue;
    const shipment = page?.find((candidate) => String(candidate.id) === id);
    if (shipment && shipmentState(shipment) !== entry.state) continue;
    next[id] = entry;
  }
  return next;
}
