import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { BatchShipmentSchema } from "../../../gen/portal/v1/batches_pb";
import { follow, pendingTimeoutMs, stillPending } from "./pendingShipments";

const failed = create(BatchShipmentSchema, { id: 12n, success: false, errorMessage: "error.carrier.unavailable" });
const other = create(BatchShipmentSchema, { id: 13n, success: true });

describe("following a single shipment's job", () => {
  it("keeps following a shipment that has not changed", () => {
    const pending = follow({}, failed, 0);
    expect(stillPending(pending, [failed, other], 1_000)).toEqual(pending);
  });

  it("stops once the shipment changed: labelled, failed anew, or cancelled", () => {
    const pending = follow({}, failed, 0);
    const labelled = create(BatchShipmentSchema, { ...failed, success: true, errorMessage: "", identifier: "CC1" });
    expect(stillPending(pending, [labelled], 1_000)).toEqual({});
    const failedAgain = create(BatchShipmentSchema, {
      ...failed,
      submittedAt: timestampFromDate(new Date(2026, 4, 6, 8, 0)),
    });
    expect(stillPending(pending, [failedAgain], 1_000)).toEqual({});
    expect(stillPending(follow({}, other, 0), [create(BatchShipmentSchema, { ...other, cancelled: true })], 1)).toEqual(
      {},
    );
  });

  it("keeps following a shipment the page does not show, for a minute", () => {
    const pending = follow({}, failed, 0);
    expect(stillPending(pending, [other], pendingTimeoutMs - 1)).toEqual(pending);
    expect(stillPending(pending, [other], pendingTimeoutMs)).toEqual({});
    expect(stillPending(pending, undefined, pendingTimeoutMs)).toEqual({});
  });
});
