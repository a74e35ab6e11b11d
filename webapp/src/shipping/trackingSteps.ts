import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/**
 * The words of a parcel's tracking (spec 3 §4, §9): the six steps of the
 * progress and the harmonized status codes 0 to 12, shared by the tracking
 * page and every tracking details dialog (reports, dashboard).
 */

/** The six steps of the progress bar, in order. */
export const steps = ["ELECNOT", "CHECKIN", "DEPSUB", "ARRDEST", "OUTDELIVCENTER", "DELIVERY"] as const;

export const stepLabels: Record<(typeof steps)[number], MessageDescriptor> = {
  ELECNOT: msg`Announced`,
  CHECKIN: msg`Received`,
  DEPSUB: msg`Departed`,
  ARRDEST: msg`Arrived`,
  OUTDELIVCENTER: msg`Out for delivery`,
  DELIVERY: msg`Delivered`,
};

/** The furthest step whose code appears among the events; 0 without events. */
export function activeStep(codes: readonly string[]): number {
  return codes.reduce((step, code) => Math.max(step, steps.indexOf(code as (typeof steps)[number])), 0);
}

/** The status filter's options 0 to 12: the latest harmonized code. */
export const statuses = [
  "ELECNOT",
  "PRINTLAB",
  "CHECKIN",
  "DEPSUB",
  "ARRDEST",
  "HELDCUSTOMS",
  "OUTDELIVCENTER",
  "DELIVATTEMPT",
  "AWAITPICKUP",
  "DELIVERY",
  "RETURNED",
  "DAMAGED",
  "LOST",
] as const;

export const statusLabels: Record<(typeof statuses)[number], MessageDescriptor> = {
  ELECNOT: msg`Information received`,
  PRINTLAB: msg`Label printed`,
  CHECKIN: msg`Received at the hub`,
  DEPSUB: msg`Departed from the origin country`,
  ARRDEST: msg`Arrived in the destination country`,
  HELDCUSTOMS: msg`Held by customs`,
  OUTDELIVCENTER: msg`Out for delivery`,
  DELIVATTEMPT: msg`Delivery attempted`,
  AWAITPICKUP: msg`Awaiting collection`,
  DELIVERY: msg`Delivered`,
  RETURNED: msg`Returned to the sender`,
  DAMAGED: msg`Damaged`,
  LOST: msg`Lost`,
};

/** The label of a harmonized code, or the code itself. */
export function statusLabel(code: string): MessageDescriptor | null {
  return (statusLabels as Record<string, MessageDescriptor>)[code] ?? null;
}
