import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import { type SearchReportRequest, ReportRow_Status } from "../../gen/portal/v1/reports_pb";
import { Code, ConnectError } from "@connectrpc/connect";
import { ErrorDetailSchema } from "../../gen/portal/v1/errors_pb";
import { portalFailure } from "../../test/connectErrors";
import { renderShippingApp } from "../../test/renderShippingApp";
import { LabelType } from "../../gen/portal/v1/vocabulary_pb";

const row = (id: bigint, extra: Record<string, unknown> = {}) => ({
  shipmentId: id,
  customerId: 5n,
  referenceNumber: `ORD-${id}`,
  recipientName: "Anna Berg",
  identifier: `TR${id}`,
  status: ReportRow_Status.MANIFEST_CREATED,
  invoiceable: true,
  service: "CUP",
  labelType: LabelType.PDF,
  customerName: "Bäckerei Sonnenschein",
  parcelUuid: "0e8a6b9c-1d2e-4f50-8a6b-9c1d2e4f508a",
  ...extra,
});

describe("the report (spec 2 §2.4)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("searches with the criteria, keeps the search in the address and exports a selection", async () => {
    const user = userEvent.setup();
    const requests: SearchReportRequest[] = [];
    const byIds: bigint[][] = [];
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
    const { router } = renderShippingApp("/report", {
      reports: {
        searchReport: (request) => {
          requests.push(request);
          return { rows: [row(1n), row(2n, { status: ReportRow_Status.SENT, invoiceable: false })], totalCount: 2n };
        },
        downloadReportLabelsByIds: (request) => {
          byIds.push(request.shipmentIds);
          return { file: { contentType: "application/pdf", data: new TextEncoder().encode("%PDF") } };
        },
      },
    });
    expect(await screen.findByRole("rowheader", { name: "ORD-1" })).toBeInTheDocument();
    const first = JSON.parse(requests[0].pageableFilter);
    expect(first).toMatchObject({ page: 0, size: 100, sortField: "submittedAt", sortOrder: "desc" });
    expect(first.searchCriteria.fromDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // A user sees neither the customer nor the admin columns.
    expect(screen.queryByRole("columnheader", { name: "Parcel UUID" })).not.toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "Customer" })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText("Tracking numbers"), "TR1, TR2");
    await user.type(screen.getByLabelText("Recipient"), "Anna");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(JSON.parse(requests.at(-1)!.pageableFilter).searchCriteria).toMatchObject({
        trackingNumbers: ["TR1", "TR2"],
        recipientName: "Anna",
      }),
    );
    const address = new URLSearchParams(router.state.location.search).get("pageableFilter");
    expect(address).toBe(requests.at(-1)!.pageableFilter);

    // Invoices only for manifested rows: the SENT row blocks them.
    await user.click(screen.getByRole("checkbox", { name: "Select TR1" }));
    expect(screen.getByRole("button", { name: "Commercial invoices" })).toBeEnabled();
    await user.click(screen.getByRole("checkbox", { name: "Select TR2" }));
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Commercial invoices" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Labels of the selection" }));
    await waitFor(() => expect(byIds).toEqual([[1n, 2n]]));
  });

  it("walks the invoice consent gate: GTC, then the seller EORI, then the invoice", async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
    const gate = (messageKey: string) =>
      new ConnectError(messageKey, Code.Aborted, undefined, [
        { desc: ErrorDetailSchema, value: { messageKey, params: { customerIds: "5" } } },
      ]);
    let gtc = false;
    let eori = "";
    const eoris: { id: bigint; sellerEori: string }[][] = [];
    renderShippingApp("/report", {
      reports: {
        searchReport: () => ({ rows: [row(1n)], totalCount: 1n }),
        downloadReportInvoiceByIds: () => {
          if (!gtc) throw gate("error.invoice.gtcNotAccepted");
          if (!eori) throw gate("error.invoice.sellerEoriMissing");
          return { file: { contentType: "application/pdf", data: new TextEncoder().encode("%PDF") } };
        },
      },
      customers: {
        setGtcAccepted: (request) => {
          gtc = request.accepted;
          return { customer: { id: request.id } };
        },
        setSellerEoris: (request) => {
          eoris.push(request.customers.map(({ id, sellerEori }) => ({ id, sellerEori })));
          eori = request.customers[0].sellerEori;
          return {};
        },
      },
    });
    await user.click(await screen.findByRole("checkbox", { name: "Select TR1" }));
    await user.click(screen.getByRole("button", { name: "Commercial invoices" }));
    const terms = await screen.findByRole("alertdialog", { name: "Terms and conditions (GTC)" });
    await user.click(within(terms).getByRole("button", { name: "Accept" }));
    const eoriDialog = await screen.findByRole("dialog", { name: "Seller EORI" });
    const accept = within(eoriDialog).getByRole("button", { name: "Accept" });
    expect(accept).toBeDisabled();
    await user.type(within(eoriDialog).getByLabelText("Seller EORI of customer 5"), "DE123");
    await user.click(accept);
    await waitFor(() => expect(eoris).toEqual([[{ id: 5n, sellerEori: "DE123" }]]));
    expect(await screen.findByText("The file was downloaded.", {})).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows an admin the admin columns", async () => {
    renderShippingApp("/report", {
      authorities: [Role.admin],
      reports: { searchReport: () => ({ rows: [row(1n)], totalCount: 1n }) },
    });
    expect(await screen.findByRole("columnheader", { name: "Parcel UUID" })).toBeInTheDocument();
    expect(screen.getByText("0e8a6b9c-1d2e-4f50-8a6b-9c1d2e4f508a")).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Customer" })).toBeInTheDocument();
    expect(screen.getByLabelText("Parcel UUID")).toBeInTheDocument();
  });

  it("says to reduce the search criteria when the server refuses", async () => {
    renderShippingApp("/report?pageableFilter=%7B%22size%22%3A5%7D", {
      reports: {
        searchReport: () => {
          throw portalFailure(Code.InvalidArgument, "errorReduceSearchCriteria");
        },
      },
    });
    expect(await screen.findByText(/Please reduce the search criteria/, {})).toBeInTheDocument();
  });
});
