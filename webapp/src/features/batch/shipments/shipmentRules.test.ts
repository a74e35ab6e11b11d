import { describe, expect, it } from "vitest";
import { ShipmentFilter } from "../../../api/batches";
import { batchStatuses } from "../../../test/batchStatuses";
import {
  bulkDeleteAllowed,
  bulkResendAllowed,
  deletableStatus,
  deleteable,
  deleteSelects,
  resendableStatus,
  resendSelects,
  updateable,
} from "./shipmentRules";

// A deleted batch has no shipments tab.
const statuses = batchStatuses.filter((status) => status !== "DELETED");
const filters: ShipmentFilter[] = [ShipmentFilter.ALL, ShipmentFilter.CHANGED, ShipmentFilter.ERROR];

describe("shipment rows (spec 2 §4.3, core/batch/rows.go)", () => {
  it.each([
    [{ changed: false, success: true }, false, true],
    [{ changed: true, success: true }, true, false],
    [{ changed: false, success: false }, true, false],
    [{ changed: true, success: false }, true, false],
  ])("in SENT, %o is updateable %s and deleteable %s", (row, up, del) => {
    expect(updateable(row, "SENT")).toBe(up);
    expect(deleteable(row, "SENT")).toBe(del);
  });

  it.each(statuses.filter((status) => status !== "SENT"))("in %s no row is updateable or deleteable", (status) => {
    for (const row of [
      { changed: true, success: false },
      { changed: false, success: true },
    ]) {
      expect(updateable(row, status)).toBe(false);
      expect(deleteable(row, status)).toBe(false);
    }
  });
});

describe("bulk actions (spec 2 §5.2)", () => {
  it.each(filters)("resend with filter %s: admins always, others not for ALL", (filter) => {
    expect(bulkResendAllowed(true, filter)).toBe(true);
    expect(bulkResendAllowed(false, filter)).toBe(filter !== ShipmentFilter.ALL);
  });

  it.each(statuses)(
    "delete in %s: admins only, never from ERROR, not while sending, resending or manifested",
    (status) => {
      const blocked = ["SENDING", "RESENDING", "RESENDING_CHANGE", "RESENDING_ERROR", "MANIFEST_CREATED"].includes(
        status,
      );
      for (const filter of filters) {
        expect(bulkDeleteAllowed(false, filter, status)).toBe(false);
        expect(bulkDeleteAllowed(true, filter, status)).toBe(filter !== ShipmentFilter.ERROR && !blocked);
      }
    },
  );

  it("starts a resend from SENT, ERROR_SEND or CANCELLED and a delete from SENT only (core/batch Next)", () => {
    expect(statuses.filter(resendableStatus)).toEqual(["SENT", "CANCELLED", "ERROR_SEND"]);
    expect(statuses.filter(deletableStatus)).toEqual(["SENT"]);
  });
});

describe("what a bulk command's filter selects (app/batches Resend and DeleteShipments)", () => {
  // Seven labels, none failed or changed; one of eight rows is invalid.
  const labelled = { rowCount: 8, invalidRows: 1, errorShipments: 0, changedShipments: 0, shipments: 7 };

  it("selects nothing with ERROR or CHANGED when no shipment failed or changed", () => {
    for (const filter of [ShipmentFilter.ERROR, ShipmentFilter.CHANGED]) {
      expect(resendSelects(filter, labelled)).toBe(0);
      expect(deleteSelects(filter, labelled)).toBe(0);
    }
  });

  it("counts the failed and the changed shipments the batch names", () => {
    const mixed = { ...labelled, errorShipments: 2, changedShipments: 3 };
    expect(resendSelects(ShipmentFilter.ERROR, mixed)).toBe(2);
    expect(resendSelects(ShipmentFilter.CHANGED, mixed)).toBe(3);
    expect(deleteSelects(ShipmentFilter.CHANGED, mixed)).toBe(3);
  });

  it("resends ALL the valid rows, also when the carrier got none of them", () => {
    expect(resendSelects(ShipmentFilter.ALL, labelled)).toBe(7);
    expect(resendSelects(ShipmentFilter.ALL, { ...labelled, shipments: 0 })).toBe(7);
    expect(resendSelects(ShipmentFilter.ALL, { ...labelled, invalidRows: 8 })).toBe(0);
  });

  it("deletes ALL the shipments the tab counted, none while they are not read", () => {
    expect(deleteSelects(ShipmentFilter.ALL, labelled)).toBe(7);
    expect(deleteSelects(ShipmentFilter.ALL, { ...labelled, shipments: 0 })).toBe(0);
    expect(deleteSelects(ShipmentFilter.ALL, { ...labelled, shipments: undefined })).toBe(0);
  });
});
