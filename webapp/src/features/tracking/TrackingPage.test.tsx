import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Role } from "../../auth/access";
import type { SearchTrackingRequest } from "../../gen/portal/v1/tracking_pb";
import { Code, portalFailure } from "../../test/connectErrors";
import { renderShippingApp } from "../../test/renderShippingApp";

const row = {
  trackingId: "CP000000011DE",
  orderId: "order-1",
  customerName: "Bäckerei Sonnenschein",
  subsidiaryName: "Parcel Portal Germany",
  recipientName: "Anna Berg",
  destinationCountryName: "Netherlands",
  productCode: "EPAQPLS",
  shipmentDate: "2026-03-10T09:00:00Z",
  latestHarmonizedCode: "ARRDEST",
  sort: ["2026-03-10T09:00:00.000Z", "CP000000011DE"],
};
const untracked = {
  ...row,
  trackingId: "CP000000022DE",
  productCode: "EPAQSTD",
  untracked: true,
  latestHarmonizedCode: "PRINTLAB",
};
const event = (code: string, time: string, extra = {}) => ({
  harmonizedCode: code,
  eventTime: time,
  locationName: "Frankfurt am Main",
  ...extra,
});
const detail = (internal: boolean) => ({
  trackingId: "CP000000011DE",
  shipmentData: {
    productCode: "EPAQPLS",
    productDescription: "e-PAQ Plus",
    origin: "Germany",
    destination: "Netherlands",
  },
  customerName: { customerName: "Bäckerei Sonnenschein", subsidiary: internal ? "Parcel Portal Germany" : "" },
  lastMileCarrier: "PostNL",
  lastMileCarrierUrl: "https://jouw.postnl.nl/track-and-trace/CP000000011DE",
  trackingEvents: [
    event("ELECNOT", "2026-03-10T09:00:00Z", { eventSource: internal ? "EDI" : "" }),
    event("CHECKIN", "2026-03-10T13:00:00Z"),
    event("DEPSUB", "2026-03-10T19:00:00Z"),
    ...(internal
      ? [
          event("CSCALL", "2026-03-11T10:00:00Z", {
            customerService: true,
            eventSource: "CS",
            eventRawDesc: "Recipient called",
          }),
        ]
      : []),
  ],
  internal,
  activeStep: 2,
});

describe("tracking (spec 3 §2)", () => {
  it("searches with the defaults, lists the parcels and opens one with its progress and events", async () => {
    const user = userEvent.setup();
    const requests: SearchTrackingRequest[] = [];
    renderShippingApp("/tracking", {
      authorities: [Role.tracking],
      tracking: {
        listTrackingProducts: () => ({ products: [{ productCode: "EPAQPLS", productDescription: "e-PAQ Plus" }] }),
        searchTracking: (request) => {
          requests.push(request);
          return { data: [row, untracked], total: 2n };
        },
        getTrackingParcel: () => ({ detail: detail(false) }),
      },
    });
    await user.type(await screen.findByLabelText("Tracking or order numbers", {}), "CP000000011DE, CP000000022DE");
    await user.click(screen.getByRole("button", { name: "Search" }));
    const table = await screen.findByRole("table", {});
    expect(requests[0].searchCriteria?.ids).toEqual(["CP000000011DE", "CP000000022DE"]);
    expect(requests[0].meta).toMatchObject({ sortField: "shipment_date", sortOrder: "desc", pageSize: 50, pageNo: 0 });
    expect(within(table).queryByRole("columnheader", { name: /Subsidiary/ })).toBeNull();
    expect(within(table).queryByRole("columnheader", { name: /Customer/ })).toBeNull();
    expect(within(table).getByText("untracked")).toBeInTheDocument();
    expect(within(table).getByText("Arrived in the destination country")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeEnabled();

    await user.click(within(table).getByRole("button", { name: "CP000000011DE" }));
    const dialog = await screen.findByRole("dialog", {});
    expect(within(dialog).getByRole("listitem", { current: "step" })).toHaveTextContent("Departed");
    expect(within(dialog).getByRole("link", { name: "PostNL" })).toHaveAttribute(
      "href",
      detail(false).lastMileCarrierUrl,
    );
    expect(within(dialog).queryByRole("tab", { name: /^Customer-service events/ })).toBeNull();
    await user.click(within(dialog).getByRole("tab", { name: /^Events/ }));
    const events = within(dialog).getByRole("tabpanel");
    expect(within(events).getAllByRole("row")).toHaveLength(4);
    expect(within(events).queryByRole("columnheader", { name: "Source" })).toBeNull();
  }, 40_000);

  it("shows internal roles the subsidiary and the customer-service events", async () => {
    const user = userEvent.setup();
    renderShippingApp("/tracking?trackingNumber=CP000000011DE", {
      authorities: [Role.customerService],
      tracking: {
        listTrackingProducts: () => ({ products: [] }),
        searchTracking: () => ({ data: [row], total: 1n, internal: true }),
        getTrackingParcel: () => ({ detail: detail(true) }),
      },
    });
    const dialog = await screen.findByRole("dialog", {});
    await user.click(await within(dialog).findByRole("tab", { name: /^Customer-service events/ }));
    const events = within(dialog).getByRole("tabpanel");
    expect(within(events).getByText("Recipient called")).toBeInTheDocument();
    expect(within(events).getByText("CS")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    const table = await screen.findByRole("table", {});
    expect(within(table).getByRole("columnheader", { name: /Subsidiary/ })).toBeInTheDocument();
    expect(within(table).getByText("Parcel Portal Germany")).toBeInTheDocument();
  });

  it("says so when a linked parcel is not found", async () => {
    renderShippingApp("/tracking?trackingNumber=CP999999999DE", {
      tracking: {
        listTrackingProducts: () => ({ products: [] }),
        searchTracking: () => ({ data: [], total: 0n }),
        getTrackingParcel: () => {
          throw portalFailure(Code.NotFound, "asendiaWebApp.dashboard.trackingNotFound");
        },
      },
    });
    const dialog = await screen.findByRole("dialog", {});
    expect(await within(dialog).findByText("No parcel was found under this tracking number.", {})).toBeInTheDocument();
    await userEvent.setup().click(within(dialog).getByRole("button", { name: "Close" }));
    expect(await screen.findByText("No parcels found", {})).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  });

  it("refuses a range that ends before it starts, without asking the server", async () => {
    const user = userEvent.setup();
    const requests: SearchTrackingRequest[] = [];
    renderShippingApp("/tracking", {
      tracking: {
        listTrackingProducts: () => ({ products: [] }),
        searchTracking: (request) => {
          requests.push(request);
          return { data: [], total: 0n };
        },
      },
    });
    const from = await screen.findByLabelText("From", {});
    await user.clear(from);
    await user.type(from, "02.02.2026");
    await user.clear(screen.getByLabelText("To"));
    await user.type(screen.getByLabelText("To"), "01.02.2026");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The end date must not be before the start date.");
    await waitFor(() => expect(requests).toHaveLength(0));
  });
});
