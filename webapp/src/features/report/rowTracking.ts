import { type ReportRow, ReportRow_Status } from "../../gen/portal/v1/reports_pb";
import type { TrackedShipment } from "../../shipping/tracking";

/**
 * A report row as the tracking-link rule (shipping/tracking `opensTracking`)
 * sees it: only a labelled row that did not fail travels; cancelled
 * shipments are never in the report.
 */
export function trackedRow(row: ReportRow): TrackedShipment {
  return {
    identifier: row.identifier,
    apiClient: row.apiClient,
    product: row.product,
    success: row.hasLabel && row.status !== ReportRow_Status.ERROR && row.status !== ReportRow_Status.SENDING,
    cancelled: false,
  };
}
