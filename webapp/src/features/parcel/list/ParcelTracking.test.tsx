import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderShippingApp } from "../../../test/renderShippingApp";
import { ParcelRow_Status } from "../../../gen/portal/v1/parcels_pb";
import { ApiClient, LabelType } from "../../../gen/portal/v1/vocabulary_pb";

const parcel = (id: bigint, extra: Record<string, unknown>) => ({
  uuid: `u-${id}`,
  id,
  referenceNumber: `REF-${id}`,
  sequenceNumber: `CX${id}`,
  product: "EPAQPLS",
  status: ParcelRow_Status.DONE,
  labelType: LabelType.PDF,
  apiClient: ApiClient.SHIPPING,
  hasLabel: true,
  ...extra,
});

describe("the parcel list's tracking links (spec 2 §2.2, issue 13)", () => {
  it("links a trackable labelled parcel's identifier to its tracking details, and no other", async () => {
    renderShippingApp("/parcel", {
      customers: { getCustomer: () => ({ customer: { id: 5n, name: "Bäckerei", trackingEnabled: true } }) },
      parcels: {
        listParcels: () => ({
          parcels: [
            parcel(11n, {}),
            parcel(12n, { product: "EPAQSTD" }),
            parcel(13n, { hasLabel: false, status: ParcelRow_Status.FAILED }),
          ],
          totalCount: 3n,
        }),
      },
    });
    expect(await screen.findByRole("link", { name: "CX11" })).toHaveAttribute("href", "/tracking?trackingNumber=CX11");
    expect(screen.getByText("CX12")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "CX12" })).toBeNull();
    expect(screen.queryByRole("link", { name: "CX13" })).toBeNull();
  }, 30_000);

  it("links nothing while tracking is not enabled for the customer", async () => {
    renderShippingApp("/parcel", {
      customers: { getCustomer: () => ({ customer: { id: 5n, name: "Bäckerei", trackingEnabled: false } }) },
      parcels: { listParcels: () => ({ parcels: [parcel(11n, {})], totalCount: 1n }) },
    });
    expect(await screen.findByText("CX11", {})).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "CX11" })).toBeNull();
  });
});
