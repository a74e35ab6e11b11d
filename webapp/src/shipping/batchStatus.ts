import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Batch_Status } from "../gen/portal/v1/batches_pb";

/**
 * How the screens show a batch's status (spec 2 §4.1): the icon of the list,
 * the step of the detail page's stepper and the status's name. What a status
 * allows, and whether a job works on the batch, the server says (Batch.actions,
 * Batch.in_progress); this module only draws it. Pure, so every status is tested.
 */

/** The detail page reads the batch again this often while a job works on it. */
export const batchPollMs = 5_000;

const sendingFamily: ReadonlySet<Batch_Status> = new Set([
  Batch_Status.SENDING,
  Batch_Status.RESENDING,
  Batch_Status.RESENDING_CHANGE,
  Batch_Status.RESENDING_ERROR,
]);

const errors: ReadonlySet<Batch_Status> = new Set([Batch_Status.ERROR_SEND, Batch_Status.ERROR_MANIFEST]);

export type StatusIcon = "file" | "upload" | "spinner" | "check" | "cross" | "trash" | "none";

/** The list's status icon (spec 2 §2.1); every status has one, so a new one fails to compile here. */
const icons: Record<Batch_Status, StatusIcon> = {
  [Batch_Status.STATUS_UNSPECIFIED]: "none",
  [Batch_Status.CREATED]: "file",
  [Batch_Status.SENT]: "upload",
  [Batch_Status.SENDING]: "spinner",
  [Batch_Status.RESENDING]: "spinner",
  [Batch_Status.RESENDING_CHANGE]: "spinner",
  [Batch_Status.RESENDING_ERROR]: "spinner",
  [Batch_Status.CANCELLING]: "spinner",
  [Batch_Status.DELETING]: "spinner",
  [Batch_Status.CREATING_MANIFEST]: "spinner",
  [Batch_Status.MANIFEST_CREATED]: "check",
  [Batch_Status.ERROR_SEND]: "cross",
  [Batch_Status.ERROR_MANIFEST]: "cross",
  [Batch_Status.CANCELLED]: "cross",
  [Batch_Status.DELETED]: "trash",
};

export function statusIcon(status: Batch_Status): StatusIcon {
  return icons[status] ?? "none";
}

/** The four steps of the stepper: Upload, Sending, Sent, Manifest. */
export const stepNames: MessageDescriptor[] = [msg`Upload`, msg`Sending`, msg`Sent`, msg`Manifest`];

/**
 * Where the stepper stands: a single error step for an ERROR status, a
 * single deleted step for DELETED, else the current step, whether a job
 * works on it (the server's in_progress), and whether it is done.
 */
export type StepperState =
  { kind: "error" } | { kind: "deleted" } | { kind: "steps"; current: number; working: boolean; done: boolean };

export function stepperOf(status: Batch_Status, working: boolean): StepperState {
  if (errors.has(status)) return { kind: "error" };
  // A delete cancelled its labels; the batch is kept only for its traffic.
  if (status === Batch_Status.DELETED) return { kind: "deleted" };
  if (status === Batch_Status.CREATED) return { kind: "steps", current: 0, working, done: false };
  if (sendingFamily.has(status) || status === Batch_Status.CANCELLING)
    return { kind: "steps", current: 1, working, done: false };
  if (status === Batch_Status.CREATING_MANIFEST) return { kind: "steps", current: 3, working, done: false };
  if (status === Batch_Status.MANIFEST_CREATED) return { kind: "steps", current: 3, working, done: true };
  // SENT, CANCELLED, DELETING: the labels exist.
  return { kind: "steps", current: 2, working, done: false };
}
