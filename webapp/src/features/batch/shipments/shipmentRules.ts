import { ShipmentFilter } from "../../../api/batches";

/**
 * What may be done to a sent batch's shipments (spec 2 §4.3 and §5.2), the
 * same rules as core/batch/rows.go and the steps of core/batch/steps.go, so
 * that the buttons offer what the server accepts.
 */

export type ShipmentRow = { changed: boolean; success: boolean };

/** A changed or unsuccessful row of a sent batch can be sent again. */
export function updateable(row: ShipmentRow, status: string): boolean {
  return status === "SENT" && (row.changed || !row.success);
}

/** A row of a sent batch that is not updateable can be deleted (its label cancelled). */
export function deleteable(row: ShipmentRow, status: string): boolean {
  return status === "SENT" && !updateable(row, status);
}

/** Only admins resend every row at once. */
export function bulkResendAllowed(admin: boolean, filter: ShipmentFilter): boolean {
  return admin || filter !== ShipmentFilter.ALL;
}

/** Admins delete in bulk, not from the ERROR filter, not while sending, resending or manifested. */
export function bulkDeleteAllowed(admin: boolean, filter: ShipmentFilter, status: string): boolean {
  if (!admin || filter === ShipmentFilter.ERROR) return false;
  return !(status === "SENDING" || status.startsWith("RESENDING") || status === "MANIFEST_CREATED");
}

/**
 * What the page knows of the shipments each filter selects: the counts of
 * the Batch, and the batch's shipments as the Shipments tab's ALL page
 * counted them (undefined until that page is read).
 */
export type FilterCounts = {
  rowCount: number;
  invalidRows: number;
  errorShipments: number;
  changedShipments: number;
  shipments: number | undefined;
};

/**
 * How many shipments a resend with the filter sends again, counted as
 * app/batches Resend counts them (ALL: every valid row, also one the carrier
 * never got); with none it answers error.batch.nothingToResend.
 */
export function resendSelects(filter: ShipmentFilter, counts: FilterCounts): number {
  switch (filter) {
    case ShipmentFilter.ALL:
      return counts.rowCount - counts.invalidRows;
    case ShipmentFilter.CHANGED:
      return counts.changedShipments;
    case ShipmentFilter.ERROR:
      return counts.errorShipments;
    default:
      return 0;
  }
}

/** How many shipments a bulk delete with the filter cancels and deletes (app/batches DeleteShipments). */
export function deleteSelects(filter: ShipmentFilter, counts: FilterCounts): number {
  switch (filter) {
    case ShipmentFilter.ALL:
      return counts.shipments ?? 0;
    case ShipmentFilter.CHANGED:
      return counts.changedShipments;
    case ShipmentFilter.ERROR:
      return counts.errorShipments;
    default:
      return 0;
  }
}

/** A resend starts from SENT, ERROR_SEND or CANCELLED (core/batch Next). */
export function resendableStatus(status: string): boolean {
  return status === "SENT" || status === "ERROR_SEND" || status === "CANCELLED";
}

/** Deleting shipments starts from SENT only (core/batch Next). */
export function deletableStatus(status: string): boolean {
  return status === "SENT";
}
