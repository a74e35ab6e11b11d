import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * A batch's status as the screens read it (spec 2 §4.1): which statuses a
 * job is working in, the icon of the list, the step of the detail page's
 * stepper and the list's row actions. Pure, so every status is tested.
 */

/** The statuses in which a job works on the batch, as core/batch Status.InProgress. */
const workingStatuses = new Set([
  "SENDING",
  "CANCELLING",
  "RESENDING",
  "RESENDING_CHANGE",
  "RESENDING_ERROR",
  "DELETING",
  "CREATING_MANIFEST",
]);

/**
 * Whether a job is working on the batch: the detail page polls every 5 s
 * then (spec 2 §2.1 names CANCELLING, SENDING, CREATING_MANIFEST and the
 * RESENDING variants; DELETING is a job as well and settles the same way).
 */
export function inProgress(status: string | undefined): boolean {
  return status !== undefined && workingStatuses.has(status);
}

/** The detail page reads the batch again this often while a job works on it. */
export const batchPollMs = 5_000;

/** SENDING and the RESENDING variants. */
export function isSendingFamily(status: string): boolean {
  return status === "SENDING" || status.startsWith("RESENDING");
}

export function isError(status: string): boolean {
  return status.startsWith("ERROR");
}

export type StatusIcon = "file" | "upload" | "spinner" | "check" | "cross" | "trash" | "none";

/** The list's status icon (spec 2 §2.1). */
export function statusIcon(status: string): StatusIcon {
  if (status === "CREATED") return "file";
  if (status === "SENT") return "upload";
  if (isSendingFamily(status) || status === "CANCELLING" || status === "DELETING" || status === "CREATING_MANIFEST")
    return "spinner";
  if (status === "MANIFEST_CREATED") return "check";
  if (isError(status) || status === "CANCELLED") return "cross";
  if (status === "DELETED") return "trash";
  return "none";
}

/**
 * The list's row actions: view is disabled while the batch is deleted,
 * delete while a job sends, resends, manifests or deletes, and once a
 * manifest exists (spec 2 §2.1). The server's Batch.actions say the same
 * (and also keep delete from a batch being cancelled): when they come, they
 * decide.
 */
export function listRowActions(
  status: string,
  actions?: { view: boolean; delete: boolean },
): { viewDisabled: boolean; deleteDisabled: boolean } {
  if (actions) return { viewDisabled: !actions.view, deleteDisabled: !actions.delete };
  return {
    viewDisabled: status === "DELETING",
    deleteDisabled:
      status === "SENDING" ||
      status.startsWith("RESENDING") ||
      status === "CREATING_MANIFEST" ||
      status === "MANIFEST_CREATED" ||
      status === "DELETING",
  };
}

/** The four steps of the stepper: Upload, Sending, Sent, Manifest. */
export const stepNames: MessageDescriptor[] = [msg`Upload`, msg`Sending`, msg`Sent`, msg`Manifest`];

/**
 * Where the stepper stands: a single error step for any ERROR status, a
 * single deleted step for DELETED, else
 * the current step, whether a job works on it, and whether it is done.
 */
export type StepperState =
  { kind: "error" } | { kind: "deleted" } | { kind: "steps"; current: number; working: boolean; done: boolean };

export function stepperOf(status: string): StepperState {
  if (isError(status)) return { kind: "error" };
  // A delete cancelled its labels; the batch is kept only for its traffic.
  if (status === "DELETED") return { kind: "deleted" };
  const working = inProgress(status);
  if (status === "CREATED") return { kind: "steps", current: 0, working, done: false };
  if (isSendingFamily(status) || status === "CANCELLING") return { kind: "steps", current: 1, working, done: false };
  if (status === "CREATING_MANIFEST") return { kind: "steps", current: 3, working, done: false };
  if (status === "MANIFEST_CREATED") return { kind: "steps", current: 3, working, done: true };
  // SENT, CANCELLED, DELETING: the labels exist.
  return { kind: "steps", current: 2, working, done: false };
}

/** The statuses' names as the screens show them. */
const statusNames: Record<string, MessageDescriptor> = {
  CREATED: msg`Created`,
  SENDING: msg`Sending`,
  SENT: msg`Sent`,
  CANCELLING: msg`Cancelling`,
  CANCELLED: msg`Cancelled`,
  RESENDING: msg`Resending`,
  RESENDING_CHANGE: msg`Resending changed shipments`,
  RESENDING_ERROR: msg`Resending failed shipments`,
  DELETING: msg`Deleting shipments`,
  CREATING_MANIFEST: msg`Creating manifest`,
  MANIFEST_CREATED: msg`Manifest created`,
  ERROR_SEND: msg`Sending failed`,
  ERROR_MANIFEST: msg`Manifest failed`,
  DELETED: msg`Deleted`,
};

/** A status's name; an ERROR status the screens do not know by name is still an error. */
export function statusName(status: string): MessageDescriptor {
  return statusNames[status] ?? (isError(status) ? msg`Error` : { id: "error.message", values: { message: status } });
}
