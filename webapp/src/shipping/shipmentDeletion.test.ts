import { describe, expect, it } from "vitest";
import { Batch_Status } from "../gen/portal/v1/batches_pb";
import { batchHasManifest, holdsLabel, shipmentDeleteRefusal } from "./shipmentDeletion";

const labelled = { success: true, cancelled: false };
const cancelled = { success: true, cancelled: true };
const failed = { success: false, cancelled: false };

/** A settled batch in the status; a working one as the server marks it (Batch.in_progress). */
const settled = (status: keyof typeof Batch_Status) => ({ status: Batch_Status[status], inProgress: false });
const working = (status: keyof typeof Batch_Status) => ({ status: Batch_Status[status], inProgress: true });

describe("deleting a shipment (app/batches DeleteShipment)", () => {
  it("refuses a labelled shipment of a manifested batch, or one being manifested: it is in a manifest", () => {
    expect(shipmentDeleteRefusal(labelled, settled("MANIFEST_CREATED"))).toEqual({ id: "error.shipment.inManifest" });
    expect(shipmentDeleteRefusal(labelled, working("CREATING_MANIFEST"))).toEqual({
      id: "error.shipment.inManifest",
    });
  });

  it("refuses a failed or cancelled shipment of a manifested batch for its batch's manifest, not its own", () => {
    for (const shipment of [cancelled, failed]) {
      expect(shipmentDeleteRefusal(shipment, settled("MANIFEST_CREATED"))).toBe(batchHasManifest);
      // While the manifest is made, it is the job that stands in the way.
      expect(shipmentDeleteRefusal(shipment, working("CREATING_MANIFEST"))).toEqual({
        id: "error.batch.notAllowedInStatus",
        values: { status: "CREATING_MANIFEST" },
      });
    }
  });

  it.each(["SENDING", "CANCELLING", "RESENDING", "RESENDING_CHANGE", "RESENDING_ERROR", "DELETING"] as const)(
    "refuses while a job works on the batch (%s), naming the status as the server does",
    (status) => {
      expect(shipmentDeleteRefusal(failed, working(status))).toEqual({
        id: "error.batch.notAllowedInStatus",
        values: { status },
      });
    },
  );

  it("knows a valid label without the batch: labelled and not cancelled", () => {
    expect(holdsLabel(labelled)).toBe(true);
    expect(holdsLabel(cancelled)).toBe(false);
    expect(holdsLabel(failed)).toBe(false);
  });

  it("asks to cancel a valid label first", () => {
    expect(shipmentDeleteRefusal(labelled, settled("SENT"))).toEqual({ id: "error.shipment.cancelFirst" });
  });

  it.each(["SENT", "CANCELLED", "ERROR_SEND", "ERROR_MANIFEST", "CREATED"] as const)(
    "deletes a failed or cancelled shipment of a settled batch without manifest (%s)",
    (status) => {
      expect(shipmentDeleteRefusal(failed, settled(status))).toBeNull();
      expect(shipmentDeleteRefusal(cancelled, settled(status))).toBeNull();
    },
  );
});
