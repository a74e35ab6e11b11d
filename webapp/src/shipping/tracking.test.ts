import { describe, expect, it } from "vitest";
import { aggregatorApiClient, isTrackable, opensTracking, trackingEnabled, trackingPath } from "./tracking";
import { ApiClient } from "../gen/portal/v1/vocabulary_pb";

const tracked = { trackingEnabled: true };
const untracked = { trackingEnabled: false };
const parcel = (product: string, apiClient = ApiClient.SHIPPING) => ({
  identifier: "CC000000021DE",
  apiClient,
  product,
  success: true,
  cancelled: false,
});

describe("tracking links (spec 2 §2.2, §5.4)", () => {
  it("follows the server's word on whether tracking is enabled", () => {
    expect(trackingEnabled(tracked)).toBe(true);
    expect(trackingEnabled(untracked)).toBe(false);
    expect(trackingEnabled(null)).toBe(false);
    expect(trackingEnabled(undefined)).toBe(false);
  });

  it("counts only EPAQPLS and EPAQSCT as trackable; e-PAQ Standard is untracked", () => {
    expect(isTrackable("EPAQPLS")).toBe(true);
    expect(isTrackable("EPAQSCT")).toBe(true);
    expect(isTrackable("epaqpls")).toBe(true);
    expect(isTrackable("EPAQSTD")).toBe(false);
    expect(isTrackable("EPAQGO")).toBe(false);
    expect(isTrackable("")).toBe(false);
  });

  it.each([
    ["tracked customer, trackable product", parcel("EPAQPLS"), tracked, true],
    ["tracked customer, e-PAQ Standard", parcel("EPAQSTD"), tracked, false],
    ["untracked customer, trackable product", parcel("EPAQPLS"), untracked, false],
    ["no customer known yet", parcel("EPAQSCT"), null, false],
    ["aggregator client, untracked customer and product", parcel("EPAQSTD", aggregatorApiClient), untracked, true],
    ["aggregator client without customer", parcel("EPAQSTD", aggregatorApiClient), null, true],
    ["A1 client, tracked customer, trackable product", parcel("EPAQSCT", ApiClient.A1), tracked, true],
  ])("%s", (_case, shipment, customer, expected) => {
    expect(opensTracking(shipment, customer)).toBe(expected);
  });

  it("never links a shipment without an identifier", () => {
    expect(opensTracking({ ...parcel("EPAQPLS", aggregatorApiClient), identifier: "" }, tracked)).toBe(false);
  });

  it("links only a live label: not a cancelled one (as all of a deleted batch), not a failed one", () => {
    for (const shipment of [parcel("EPAQPLS"), parcel("EPAQSTD", aggregatorApiClient)]) {
      expect(opensTracking(shipment, tracked)).toBe(true);
      expect(opensTracking({ ...shipment, cancelled: true }, tracked)).toBe(false);
      expect(opensTracking({ ...shipment, success: false }, tracked)).toBe(false);
    }
  });

  it("opens the tracking page with the identifier", () => {
    expect(trackingPath("CC000000021DE")).toBe("/tracking?trackingNumber=CC000000021DE");
    expect(trackingPath("A B&C")).toBe("/tracking?trackingNumber=A+B%26C");
  });
});
