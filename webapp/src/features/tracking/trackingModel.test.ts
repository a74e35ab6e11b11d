import { describe, expect, it } from "vitest";
import { canExport, emptyForm, searchOf, splitIds, rangeInOrder, defaultOrder } from "./trackingModel";
import { activeStep, statuses } from "../../shipping/trackingSteps";

describe("the tracking model", () => {
  it("makes the furthest step seen active, 0 without events", () => {
    expect(activeStep([])).toBe(0);
    expect(activeStep(["ELECNOT", "PRINTLAB"])).toBe(0);
    expect(activeStep(["ELECNOT", "CHECKIN", "DEPSUB"])).toBe(2);
    expect(activeStep(["ARRDEST", "CHECKIN", "CSCALL"])).toBe(3);
    expect(activeStep(["ELECNOT", "CHECKIN", "DEPSUB", "ARRDEST", "OUTDELIVCENTER", "DELIVERY"])).toBe(5);
  });

  it("offers the statuses 0 to 12", () => {
    expect(statuses).toHaveLength(13);
    expect(statuses.indexOf("DELIVERY")).toBe(9);
  });

  it("offers the export for 1 to 5000 parcels", () => {
    expect(canExport(0)).toBe(false);
    expect(canExport(1)).toBe(true);
    expect(canExport(5000)).toBe(true);
    expect(canExport(5001)).toBe(false);
  });

  it("splits typed ids and keys the range by its date type", () => {
    expect(splitIds(" CP1, CP2;CP3\nCP4 ")).toEqual(["CP1", "CP2", "CP3", "CP4"]);
    const search = searchOf(
      { ...emptyForm, ids: "CP1", dateType: "delivery_date", from: "2026-01-01", status: "9", destination: " nl " },
      defaultOrder,
      2,
      25,
    );
    expect(search.searchCriteria).toMatchObject({
      ids: ["CP1"],
      deliveryDate: { startDate: "2026-01-01", endDate: "" },
      shipmentDate: undefined,
      status: 9,
      destination: "NL",
    });
    expect(search.meta).toEqual({ sortField: "shipment_date", sortOrder: "desc", pageSize: 25, pageNo: 2 });
    expect(searchOf(emptyForm, defaultOrder, 0, 50).searchCriteria?.status).toBeUndefined();
  });

  it("wants the range in order", () => {
    expect(rangeInOrder({ ...emptyForm, from: "2026-02-02", to: "2026-02-01" })).toBe(false);
    expect(rangeInOrder({ ...emptyForm, from: "2026-02-01" })).toBe(true);
  });
});
