import { describe, expect, it } from "vitest";
import { batchHasManifest, holdsLabel, shipmentDeleteRefusal } from "./shipmentDeletion";

const labelled = { success: true, cancelled: false };
const cancelled = { success: true, cancelled: true };
const failed = { success: false, cancelled: false };

describe("deleting a shipment (app/batches DeleteShipment)", () => {
  it.each(["MANIFEST_CREATED", "CREATING_MANIFEST"])(
    "refuses a labelled shipment of a batch in %s: it is in a manifest",
    (status) => {
      expect(shipmentDeleteRefusal(labelled, status)).toEqual({ id: "error.shipment.inManifest" });
    },
  );

  it("refuses a failed or cancelled shipment of a manifested batch for its batch's manifest, not its own", () => {
    for (const shipment of [cancelled, failed]) {
      expect(shipmentDeleteRefusal(shipment, "MANIFEST_CREATED")).toBe(batchHasManifest);
      // While the manifest is made, it is the job that stands in the way.
      expect(shipmentDeleteRefusal(shipment, "CREATING_MANIFEST")).toEqual({
        id: "error.batch.notAllowedInStatus",
        values: { status: "CREATING_MANIFEST" },
      });
    }
  });

  it.each(["SENDING", "CANCELLING", "RESENDING", "RESENDING_CHANGE", "RESENDING_ERROR", "DELETING"])(
    "refuses while a job works on the batch (%s)",
    (status) => {
      expect(shipmentDeleteRefusal(failed, status)).toEqual({
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
    expect(shipmentDeleteRefusal(labelled, "SENT")).toEqual({ id: "error.shipment.cancelFirst" });
  });

  it.each(["SENT", "CANCELLED", "ERROR_SEND", "ERROR_MANIFEST", "CREATED"])(
    "deletes a failed or cancelled shipment of a settled batch without manifest (%s)",
    (status) => {
      expect(shipmentDeleteRefusal(failed, status)).toBeNull();
      expect(shipmentDeleteRefusal(cancelled, status)).toBeNull();
    },
  );
});
