import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Batch_Status } from "../gen/portal/v1/batches_pb";
import { ParcelRow_Status } from "../gen/portal/v1/parcels_pb";
import { ReportRow_Status } from "../gen/portal/v1/reports_pb";

/**
 * The names people read for the contract's statuses, never the codes
 * (MANIFEST_CREATED). Each table is a Record over its generated enum, so a
 * status the protos add fails to compile until it has a name, and
 * statusNames.test.ts checks every name in the five catalogs.
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

export const parcelStatusNames: Record<ParcelRow_Status, MessageDescriptor> = {
  [ParcelRow_Status.STATUS_UNSPECIFIED]: msg`Not labelled`,
  [ParcelRow_Status.PENDING]: msg`Label requested`,
  [ParcelRow_Status.SUBMITTING]: msg`Labelling`,
  [ParcelRow_Status.DONE]: msg`Labelled`,
  [ParcelRow_Status.FAILED]: msg`Label failed`,
  [ParcelRow_Status.CANCELLED]: msg`Label cancelled`,
  [ParcelRow_Status.CREATING_MANIFEST]: msg`Creating manifest`,
  [ParcelRow_Status.MANIFEST_CREATED]: msg`Manifest created`,
  [ParcelRow_Status.ERROR_MANIFEST]: msg`Manifest failed`,
};

export const reportStatusNames: Record<ReportRow_Status, MessageDescriptor> = {
  [ReportRow_Status.STATUS_UNSPECIFIED]: msg`Unknown`,
  [ReportRow_Status.SENDING]: msg`Sending`,
  [ReportRow_Status.SENT]: msg`Sent`,
  [ReportRow_Status.CREATING_MANIFEST]: msg`Creating manifest`,
  [ReportRow_Status.MANIFEST_CREATED]: msg`Manifest created`,
  [ReportRow_Status.ERROR]: msg`Error`,
};

/** The report search's status filter: every status a row may have, by the names the search model carries. */
export const reportStatusCodes: readonly string[] = Object.values(ReportRow_Status).filter(
  (value): value is string => typeof value === "string" && value !== "STATUS_UNSPECIFIED",
);

/** A report status code of the search model (SENT) by its name. */
export function reportStatusNameOf(code: string): MessageDescriptor {
  const status = ReportRow_Status[code as keyof typeof ReportRow_Status] as ReportRow_Status | undefined;
  return reportStatusNames[status ?? ReportRow_Status.STATUS_UNSPECIFIED];
}

/**
 * A batch status the server names in a message's values (error.batch.notAllowedInStatus
 * with status=SENDING): the same name as on the screens; undefined for a code
 * the contract does not know, which is then shown as it came.
 */
export function batchStatusNameOf(code: string): MessageDescriptor | undefined {
  const status = Batch_Status[code as keyof typeof Batch_Status] as Batch_Status | undefined;
  return status === undefined ? undefined : batchStatusNames[status];
}
