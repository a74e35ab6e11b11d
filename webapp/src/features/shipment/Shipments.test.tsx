import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import type { ListShipmentsRequest } from "../../gen/portal/v1/shipments_pb";
import { renderShippingApp } from "../batch/renderShippingApp";

const slow = { timeout: 10_000 };

const shipment = {
  id: 21n,
  position: 1,
  success: true,
  referenceNumber: "REF-21",
  identifier: "CC000000021DE",
  receiverName: "Anna Berg",
  product: "EPAQPLS",
  destination: "DE",
  csvShipment: 4n,
  labelType: "PDF",
};
const detail = { shipment, soapRequest: "<addAndPrint/>", soapResponse: "<addAndPrintResponse/>" };

describe("shipments (spec 2 §2.2)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("lists the active customer's shipments with the filter and links to the batch", async () => {
    const user = userEvent.setup();
    const requests: ListShipmentsRequest[] = [];
    renderShippingApp("/shipment", {
      shipments: {
        listShipments: (request) => {
          requests.push(request);
          return { shipments: [shipment], totalCount: 1n };
        },
      },
    });
    expect(await screen.findByRole("link", { name: "REF-21" }, slow)).toHaveAttribute("href", "/shipment/21");
    expect(screen.getByRole("link", { name: "4" })).toHaveAttribute("href", "/batch/4");
    expect(requests[0]).toMatchObject({ customerId: 5n, page: 0, pageSize: 10, filter: "ALL" });
    await user.click(screen.getByRole("radio", { name: "Error" }));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ filter: "ERROR" }));
  });

  it("shows an admin the SOAP traffic and the label", async () => {
    const fetch = vi.fn(async () => new Response("%PDF", { headers: { "Content-Type": "application/pdf" } }));
    vi.stubGlobal("fetch", fetch);
    URL.createObjectURL = vi.fn(() => "blob:label");
    URL.revokeObjectURL = vi.fn();
    renderShippingApp("/shipment/21", {
      authorities: [Role.admin],
      shipments: { getShipment: () => ({ shipment: detail }) },
    });
    expect(await screen.findByRole("heading", { name: "Shipment REF-21" }, slow)).toBeInTheDocument();
    expect(screen.getByText("<addAndPrint/>")).toBeInTheDocument();
    expect(screen.getByText("<addAndPrintResponse/>")).toBeInTheDocument();
    expect(await screen.findByTitle("Label of REF-21")).toHaveAttribute("src", "blob:label");
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe("/web/api/shipments/21/label");
  });

  it("keeps the SOAP traffic from users", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("^XA^XZ", { headers: { "Content-Type": "text/plain" } })),
    );
    renderShippingApp("/shipment/21", { shipments: { getShipment: () => ({ shipment: detail }) } });
    expect(await screen.findByRole("heading", { name: "Shipment REF-21" }, slow)).toBeInTheDocument();
    expect(screen.queryByText("<addAndPrint/>")).toBeNull();
    expect(await screen.findByTestId("label-text")).toHaveTextContent("^XA^XZ");
  });

  it("deletes a shipment after the confirmation and returns to the list", async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => ({}));
    const { router } = renderShippingApp("/shipment/21/delete", {
      shipments: {
        listShipments: () => ({ shipments: [shipment], totalCount: 1n }),
        getShipment: () => ({ shipment: detail }),
        deleteShipment: remove,
      },
    });
    expect(await screen.findByText("Are you sure you want to delete the shipment REF-21?", {}, slow)).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/shipment"));
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 21n }), expect.anything());
  });
});
