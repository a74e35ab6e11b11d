import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import type { ListShipmentsRequest } from "../../gen/portal/v1/shipments_pb";
import { currentNotices } from "../../errors/notices";
import { Code, portalFailure } from "../../test/connectErrors";
import { renderShippingApp } from "../../test/renderShippingApp";
import { aggregatorApiClient } from "../../shipping/tracking";
import { LabelType, ShipmentFilter_Value } from "../../gen/portal/v1/vocabulary_pb";

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
  labelType: LabelType.PDF,
  // As the server answers a labelled shipment of a sent batch (core/batch.ShipmentDeleteRefusal).
  deleteRefusal: { messageKey: "error.shipment.cancelFirst" },
};
const detail = { shipment, soapRequest: "<addAndPrint/>", soapResponse: "<addAndPrintResponse/>" };
const missing = () => {
  throw portalFailure(Code.NotFound, "error.shipment.notFound");
};

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
    expect(await screen.findByRole("link", { name: "REF-21" })).toHaveAttribute("href", "/shipment/21");
    expect(screen.getByRole("link", { name: "4" })).toHaveAttribute("href", "/batch/4");
    expect(requests[0]).toMatchObject({ customerId: 5n, page: 0, pageSize: 10, filter: ShipmentFilter_Value.ALL });
    // The server refuses the delete of a labelled shipment: it must be cancelled first.
    expect(screen.getByRole("button", { name: "Delete REF-21" })).toBeDisabled();
    await user.click(screen.getByRole("radio", { name: "Error" }));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ filter: ShipmentFilter_Value.ERROR }));
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
    expect(await screen.findByRole("heading", { name: "Shipment REF-21" })).toBeInTheDocument();
    expect(document.title).toBe("REF-21 · Parcel Portal");
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
    expect(await screen.findByRole("heading", { name: "Shipment REF-21" })).toBeInTheDocument();
    expect(screen.queryByText("<addAndPrint/>")).toBeNull();
    expect(await screen.findByTestId("label-text")).toHaveTextContent("^XA^XZ");
  });

  it("deletes a shipment after the confirmation and returns to the list", async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => ({}));
    const failed = { ...shipment, success: false, errorMessage: "error.carrier.unavailable", deleteRefusal: undefined };
    const { router } = renderShippingApp("/shipment/21/delete", {
      shipments: {
        listShipments: () => ({ shipments: [failed], totalCount: 1n }),
        getShipment: () => ({ shipment: { ...detail, shipment: failed } }),
        deleteShipment: remove,
      },
    });
    expect(await screen.findByText("Are you sure you want to delete the shipment REF-21?", {})).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/shipment"));
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 21n }), expect.anything());
  });

  it("shows a not-found page and no toast for an unknown or another customer's shipment", async () => {
    const getShipment = vi.fn(missing);
    renderShippingApp("/shipment/2020", { shipments: { getShipment } });
    expect(await screen.findByRole("heading", { name: "Shipment not found" })).toBeInTheDocument();
    expect(screen.getByText("This shipment does not exist, or it belongs to another customer.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/shipment");
    expect(document.title).toBe("Shipment not found · Parcel Portal");
    expect(getShipment).toHaveBeenCalledTimes(1);
    expect(currentNotices()).toHaveLength(0);
  });

  it("titles an address that names no shipment as not found", async () => {
    const getShipment = vi.fn(missing);
    renderShippingApp("/shipment/abc", { shipments: { getShipment } });
    expect(await screen.findByRole("heading", { name: "Shipment not found" })).toBeInTheDocument();
    expect(document.title).toBe("Shipment not found · Parcel Portal");
    expect(getShipment).not.toHaveBeenCalled();
  });

  it("disables Delete for a shipment in a manifest and says why", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("^XA^XZ", { headers: { "Content-Type": "text/plain" } })),
    );
    const inManifest = { ...shipment, deleteRefusal: { messageKey: "error.shipment.inManifest" } };
    renderShippingApp("/shipment/21", {
      shipments: { getShipment: () => ({ shipment: { ...detail, shipment: inManifest } }) },
    });
    expect(
      await screen.findByText("The batch of this shipment has a manifest; its shipments cannot be deleted.", {}),
    ).toBeVisible();
    expect(screen.getByRole("button", { name: "Delete" })).toBeDisabled();
    expect(screen.queryByRole("link", { name: "Delete" })).toBeNull();
  });

  it("says in the delete dialog that a failed shipment's batch has a manifest, not that the shipment is in it", async () => {
    const failed = {
      ...shipment,
      success: false,
      identifier: "",
      errorMessage: "error.carrier.unavailable",
      deleteRefusal: { messageKey: "error.shipment.inManifest" },
    };
    renderShippingApp("/shipment/21/delete", {
      shipments: {
        listShipments: () => ({ shipments: [failed], totalCount: 1n }),
        getShipment: () => ({ shipment: { ...detail, shipment: failed } }),
      },
    });
    const dialog = await screen.findByRole("alertdialog", {});
    await waitFor(() =>
      expect(dialog).toHaveTextContent("The batch of this shipment has a manifest; its shipments cannot be deleted."),
    );
    expect(dialog).not.toHaveTextContent("The shipment is in a manifest");
    expect(within(dialog).queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("offers Delete for a failed shipment of a sent batch and says why it failed", async () => {
    const failed = { ...shipment, success: false, errorMessage: "error.carrier.unavailable", deleteRefusal: undefined };
    renderShippingApp("/shipment/21", {
      shipments: { getShipment: () => ({ shipment: { ...detail, shipment: failed } }) },
    });
    expect(await screen.findByRole("link", { name: "Delete" })).toHaveAttribute("href", "/shipment/21/delete");
    // The reason is text on the page, not only a tooltip.
    expect(screen.getByText("The carrier could not be reached. Please try again later.")).toBeVisible();
  });

  it("says in the delete dialog that a labelled shipment must be cancelled first, and offers no Delete", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("^XA^XZ", { headers: { "Content-Type": "text/plain" } })),
    );
    const remove = vi.fn(() => ({}));
    renderShippingApp("/shipment/21/delete", {
      shipments: {
        listShipments: () => ({ shipments: [shipment], totalCount: 1n }),
        getShipment: () => ({ shipment: detail }),
        deleteShipment: remove,
      },
    });
    const dialog = await screen.findByRole("alertdialog", {});
    await waitFor(() =>
      expect(dialog).toHaveTextContent("The shipment still has a valid label. Please cancel it first."),
    );
    expect(within(dialog).queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("names the batch's status in the user's words while a job works on it, as the server's refusal says", async () => {
    const failed = {
      ...shipment,
      success: false,
      errorMessage: "error.carrier.unavailable",
      deleteRefusal: {
        messageKey: "error.batch.notAllowedInStatus",
        params: { status: "SENDING", step: "deleteShipment" },
      },
    };
    renderShippingApp("/shipment/21/delete", {
      shipments: {
        listShipments: () => ({ shipments: [failed], totalCount: 1n }),
        getShipment: () => ({ shipment: { ...detail, shipment: failed } }),
      },
    });
    const dialog = await screen.findByRole("alertdialog", {});
    await waitFor(() => expect(dialog).toHaveTextContent("This cannot be done while the batch is in the status"));
    expect(dialog).not.toHaveTextContent("SENDING");
    expect(within(dialog).queryByRole("button", { name: "Delete" })).toBeNull();
  });

  it("links identifiers to tracking only where the customer tracks and the product is trackable", async () => {
    const standard = {
      ...shipment,
      id: 22n,
      referenceNumber: "REF-22",
      identifier: "CC000000022DE",
      product: "EPAQSTD",
    };
    const viaAggregator = {
      ...standard,
      id: 23n,
      referenceNumber: "REF-23",
      identifier: "CC000000023DE",
      apiClient: aggregatorApiClient,
    };
    const cancelled = {
      ...shipment,
      id: 24n,
      referenceNumber: "REF-24",
      identifier: "CC000000024DE",
      cancelled: true,
    };
    const shipments = {
      listShipments: () => ({ shipments: [shipment, standard, viaAggregator, cancelled], totalCount: 4n }),
    };
    const { unmount } = renderShippingApp("/shipment", {
      shipments,
      customers: { getCustomer: () => ({ customer: { id: 5n, name: "Bäckerei", trackingEnabled: true } }) },
    });
    expect(await screen.findByRole("link", { name: "CC000000021DE" })).toHaveAttribute(
      "href",
      "/tracking?trackingNumber=CC000000021DE",
    );
    expect(screen.getByText("CC000000022DE").closest("a")).toBeNull();
    expect(screen.getByRole("link", { name: "CC000000023DE" })).toHaveAttribute(
      "href",
      "/tracking?trackingNumber=CC000000023DE",
    );
    // Its label was cancelled: nothing to follow.
    expect(screen.getByText("CC000000024DE").closest("a")).toBeNull();
    unmount();

    renderShippingApp("/shipment", { shipments });
    await screen.findByRole("link", { name: "REF-21" });
    expect(screen.getByText("CC000000021DE").closest("a")).toBeNull();
    expect(screen.getByRole("link", { name: "CC000000023DE" })).toBeInTheDocument();
  });
});
