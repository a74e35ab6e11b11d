import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Batch_Status } from "../gen/portal/v1/batches_pb";

/**
 * The names people read for a batch's statuses (Batch.Status), never the codes (MANIFEST_CREATED). The
 * table is a Record over the generated enum, so a status the protos add fails
 * to compile until it has a name; shipping/statusNames.test.ts checks every
 * name in the five catalogs.
 */
export const batchStatusNames: Record<Batch_Status, MessageDescriptor> = {
  [Batch_Status.STATUS_UNSPECIFIED]: msg`Unknown`,
  [Batch_Status.CREATED]: msg`Created`,
  [Batch_Status.SENDING]: msg`Sending`,
  [Batch_Status.SENT]: msg`Sent`,
  [Batch_Status.CANCELLING]: msg`Cancelling`,
  [Batch_Status.CANCELLED]: msg`Cancelled`,
  [Batch_Status.RESENDING]: msg`Resending`,
  [Batch_Status.RESENDING_CHANGE]: msg`Resending changed shipments`,
  [Batch_Status.RESENDING_ERROR]: msg`Resending failed shipments`,
  [Batch_Status.DELETING]: msg`Deleting shipments`,
  [Batch_Status.CREATING_MANIFEST]: msg`Creating manifest`,
  [Batch_Status.MANIFEST_CREATED]: msg`Manifest created`,
  [Batch_Status.ERROR_SEND]: msg`Sending failed`,
  [Batch_Status.ERROR_MANIFEST]: msg`Manifest failed`,
  [Batch_Status.DELETED]: msg`Deleted`,
};

/**
 * A batch status the server names in a message's values (error.batch.notAllowedInStatus
 * with status=SENDING): the same name as on the screens; undefined for a code
 * the contract does not know, which is then shown as it came.
 */
export function batchStatusNameOf(code: string): MessageDescriptor | undefined {
  const status = Batch_Status[code as keyof typeof Batch_Status] as Batch_Status | undefined;
  return status === undefined ? undefined : batchStatusNames[status];
}
