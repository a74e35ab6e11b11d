import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { enumNameOf, enumValueOf, enumValues } from "../../api/enums";
import { ReportRow_Status } from "../../gen/portal/v1/reports_pb";

/**
 * The names people read for a report row's statuses (ReportRow.Status), never the codes (MANIFEST_CREATED). The
 * table is a Record over the generated enum, so a status the protos add fails
 * to compile until it has a name; shipping/statusNames.test.ts checks every
 * name in the five catalogs.
 */
export const reportStatusNames: Record<ReportRow_Status, MessageDescriptor> = {
  [ReportRow_Status.STATUS_UNSPECIFIED]: msg`Unknown`,
  [ReportRow_Status.SENDING]: msg`Sending`,
  [ReportRow_Status.SENT]: msg`Sent`,
  [ReportRow_Status.CREATING_MANIFEST]: msg`Creating manifest`,
  [ReportRow_Status.MANIFEST_CREATED]: msg`Manifest created`,
  [ReportRow_Status.ERROR]: msg`Error`,
};

/** The report search's status filter: every status a row may have, by the names the search model carries. */
export const reportStatusCodes: readonly string[] = enumValues(ReportRow_Status).map((status) =>
  enumNameOf(ReportRow_Status, status),
);

/** A report status code of the search model (SENT) by its name. */
export function reportStatusNameOf(code: string): MessageDescriptor {
  return reportStatusNames[enumValueOf(ReportRow_Status, code) ?? ReportRow_Status.STATUS_UNSPECIFIED];
}
