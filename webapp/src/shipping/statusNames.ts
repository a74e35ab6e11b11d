import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Batch_Status } from "../gen/portal/v1/batches_pb";

/**
 * The names people read for a batch's statuses (Batch.Status), never the
 * codes (MANIFEST_CREATED). The table is keyed by the generated enum's names,
 * so a status the protos add fails to compile until it has a name, and
 * shipping/statusNames.test.ts checks every name in the five catalogs. It
 * imports the enum as a type only: server messages name statuses by code
 * (errors/messageText), and the sign-in page must not load the batch contract.
 */
export const batchStatusNames: Record<keyof typeof Batch_Status, MessageDescriptor> = {
  STATUS_UNSPECIFIED: msg`Unknown`,
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

/**
 * A batch status the server names in a message's values (error.batch.notAllowedInStatus
 * with status=SENDING): the same name as on the screens; undefined for a code
 * the contract does not know, which is then shown as it came.
 */
export function batchStatusNameOf(code: string): MessageDescriptor | undefined {
  return Object.hasOwn(batchStatusNames, code) ? batchStatusNames[code as keyof typeof Batch_Status] : undefined;
}
