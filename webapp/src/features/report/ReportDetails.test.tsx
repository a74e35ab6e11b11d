import { Code } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import { Incoterm, ReasonOfExport, ReportRow_Status } from "../../gen/portal/v1/reports_pb";
import { portalFailure } from "../../test/connectErrors";
import { renderShippingApp } from "../../test/renderShippingApp";
import { LabelType } from "../../gen/portal/v1/vocabulary_pb";

const row = (id: bigint, extra: Record<string, unknown> = {}) => ({
  shipmentId: id,
  customerId: 5n,
  referenceNumber: `ORD-${id}`,
  recipientName: "Anna Berg",
  identifier: `CP00${id}DE`,
  product: "EPAQPLS",
  status: ReportRow_Status.MANIFEST_CREATED,
  hasLabel: true,
  service: "CUP",
  labelType: LabelType.PDF,
  ...extra,
});

const details = {
  currency: "CHF",
  identifier: "CP001DE",
  referenceNumber: "ORD-1",
  orderLines: [
    { fields: { description: "Bread", quantity: "2", value: "10.50", hstarifnumber: "190590", origincountry: "DE" } },
  ],
  invoice: {
    invoiceNumber: "INV-7",
    poNumber: "PO-1",
    incoterm: Incoterm.DAP,
    reasonOfExport: ReasonOfExport.SAMPLES,
  },
};

const openMenu = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  await user.click(await screen.findByRole("button", { name: `Details of ${name}` }));
};

describe("the report row's details dialogs (spec 2 §2.4)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows a row's customs details", async () => {
    const user = userEvent.setup();
    const asked: bigint[] = [];
    renderShippingApp("/report", {
      reports: { searchReport: () => ({ rows: [row(1n, { invoiceNumber: "INV-7" }), row(2n)], totalCount: 2n }) },
      reportDetails: {
        getReportShipmentDetails: (request) => {
          asked.push(request.shipmentId);
          return details;
        },
      },
    });
    await openMenu(user, "CP001DE");
    await user.click(await screen.findByRole("menuitem", { name: "Customs details" }));
    const customs = await screen.findByRole("dialog", { name: "Customs details of CP001DE" });
    const lines = await within(customs).findByRole("table", {});
    expect(within(customs).getByText("CHF")).toBeInTheDocument();
    expect(within(lines).getByRole("columnheader", { name: "HS tariff number" })).toBeInTheDocument();
    expect(within(lines).getByText("Bread")).toBeInTheDocument();
    expect(within(lines).getByText("10.50")).toBeInTheDocument();
    expect(asked).toEqual([1n]);
  }, 30_000);

  it("shows a row's invoice data, and none for a row without an invoice number", async () => {
    const user = userEvent.setup();
    renderShippingApp("/report", {
      reports: { searchReport: () => ({ rows: [row(1n, { invoiceNumber: "INV-7" }), row(2n)], totalCount: 2n }) },
      reportDetails: { getReportShipmentDetails: () => details },
    });
    await openMenu(user, "CP001DE");
    await user.click(await screen.findByRole("menuitem", { name: "Invoice data" }));
    const invoice = await screen.findByRole("dialog", { name: "Invoice data of CP001DE" });
    expect(await within(invoice).findByText("INV-7", {})).toBeInTheDocument();
    expect(within(invoice).getByText("Purchase order number")).toBeInTheDocument();
    expect(within(invoice).getByText("DAP (Delivered at Place)")).toBeInTheDocument();
    expect(within(invoice).getByText("Samples")).toBeInTheDocument();
    await user.click(within(invoice).getByRole("button", { name: "Close" }));

    // A row without an invoice number has no invoice data to show.
    await openMenu(user, "CP002DE");
    expect(await screen.findByRole("menuitem", { name: "Invoice data" })).toHaveAttribute("aria-disabled", "true");
  }, 30_000);

  it("says why the details could not be read", async () => {
    const user = userEvent.setup();
    renderShippingApp("/report", {
      reports: { searchReport: () => ({ rows: [row(1n)], totalCount: 1n }) },
      reportDetails: {
        getReportShipmentDetails: () => {
          throw portalFailure(Code.NotFound, "error.shipment.notFound");
        },
      },
    });
    await openMenu(user, "CP001DE");
    await user.click(await screen.findByRole("menuitem", { name: "Customs details" }));
    const dialog = await screen.findByRole("dialog", { name: "Customs details of CP001DE" });
    expect(await within(dialog).findByRole("alert", {})).not.toBeEmptyDOMElement();
    expect(within(dialog).queryByRole("table")).toBeNull();
  });

  it("opens a trackable row's tracking details in place, and not an untracked one's", async () => {
    const user = userEvent.setup();
    const tracked: string[] = [];
    renderShippingApp("/report", {
      customers: { getCustomer: () => ({ customer: { id: 5n, name: "Bäckerei", trackingEnabled: true } }) },
      reports: {
        searchReport: () => ({
          rows: [row(1n), row(2n, { product: "EPAQSTD" }), row(3n, { status: ReportRow_Status.ERROR })],
        }),
      },
      tracking: {
        getTrackingParcel: (request) => {
          tracked.push(request.id);
          return { detail: { trackingId: request.id, trackingEvents: [{ harmonizedCode: "CHECKIN" }] } };
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "CP001DE" }));
    const dialog = await screen.findByRole("dialog", { name: "Parcel CP001DE" });
    expect(await within(dialog).findByRole("listitem", { current: "step" })).toHaveTextContent("Received");
    expect(tracked).toEqual(["CP001DE"]);
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    // An untracked product and a failed row are plain text.
    expect(screen.queryByRole("button", { name: "CP002DE" })).toBeNull();
    expect(screen.getByText("CP002DE")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "CP003DE" })).toBeNull();
    await openMenu(user, "CP002DE");
    expect(await screen.findByRole("menuitem", { name: "Tracking" })).toHaveAttribute("aria-disabled", "true");
  }, 30_000);

  it("offers admins the row's SOAP traffic, and others not", async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(
      async () => new Response("<traffic/>", { headers: { "Content-Type": "text/xml; charset=utf-8" } }),
    );
    vi.stubGlobal("fetch", fetch);
    const { unmount } = renderShippingApp("/report", {
      reports: { searchReport: () => ({ rows: [row(1n)], totalCount: 1n }) },
    });
    await openMenu(user, "CP001DE");
    await screen.findByRole("menuitem", { name: "Customs details" });
    expect(screen.queryByRole("menuitem", { name: "View requests" })).toBeNull();
    await user.keyboard("{Escape}");
    unmount();
    renderShippingApp("/report", {
      authorities: [Role.admin],
      reports: { searchReport: () => ({ rows: [row(1n)], totalCount: 1n }) },
    });
    await openMenu(user, "CP001DE");
    await user.click(await screen.findByRole("menuitem", { name: "View requests" }));
    const dialog = await screen.findByRole("dialog", { name: "SOAP requests" });
    expect(dialog).toHaveTextContent("<traffic/>");
    await waitFor(() =>
      expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe("/web/api/reports/shipments/1/traffic?kind=request"),
    );
  }, 30_000);
});
