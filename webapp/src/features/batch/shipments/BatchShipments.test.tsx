import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../auth/access";
import {
  Batch_Status,
  BatchSchema,
  type BatchShipmentSchema,
  type BulkActionsSchema,
  type ListBatchShipmentsRequest,
} from "../../../gen/portal/v1/batches_pb";
import { layOutGrid } from "../grid/gridLayout";
import { pendingPollMs } from "./pendingShipments";
import { renderShippingApp } from "../../../test/renderShippingApp";
import { ApiClient, LabelType, ShipmentFilter_Value } from "../../../gen/portal/v1/vocabulary_pb";

type ShipmentInit = MessageInitShape<typeof BatchShipmentSchema>;

// The row flags are the server's (core/batch rows.go): the page shows what they say.
const labelled: ShipmentInit = {
  id: 11n,
  position: 1,
  success: true,
  deleteable: true,
  cancellable: true,
  referenceNumber: "REF-1",
  identifier: "CC000000001DE",
  product: "EPAQPLS",
  apiClient: ApiClient.SHIPPING,
};
const failed: ShipmentInit = {
  id: 12n,
  position: 2,
  success: false,
  updateable: true,
  referenceNumber: "REF-2",
  errorMessage: "Postal code 9999 is not valid for DE",
};
const changed: ShipmentInit = {
  id: 13n,
  position: 3,
  success: true,
  changed: true,
  updateable: true,
  referenceNumber: "REF-3",
};

type Bulk = MessageInitShape<typeof BulkActionsSchema>;
type BulkByFilter = { bulkAll?: Bulk; bulkChanged?: Bulk; bulkError?: Bulk };

/** A user's bulk actions in a sent batch with one failed and one changed shipment. */
const userBulk: BulkByFilter = {
  bulkAll: { resendCount: 3, deleteCount: 3 },
  bulkChanged: { resend: true, resendCount: 1, deleteCount: 1 },
  bulkError: { resend: true, resendCount: 1, deleteCount: 1 },
};
/** An admin's in the same batch: ALL is resent and deleted, CHANGED deleted too, ERROR never deleted. */
const adminBulk: BulkByFilter = {
  bulkAll: { resend: true, resendCount: 3, deleteShipments: true, deleteCount: 3 },
  bulkChanged: { resend: true, resendCount: 1, deleteShipments: true, deleteCount: 1 },
  bulkError: { resend: true, resendCount: 1, deleteCount: 1 },
};

function renderTab(
  status: keyof typeof Batch_Status,
  authorities: Role[] = [Role.user],
  customers: NonNullable<Parameters<typeof renderShippingApp>[1]>["customers"] = {},
  {
    bulk = authorities.includes(Role.admin) ? adminBulk : userBulk,
    shipments = [labelled, failed, changed],
  }: { bulk?: BulkByFilter; shipments?: ShipmentInit[] } = {},
) {
  const requests: ListBatchShipmentsRequest[] = [];
  const resend = vi.fn(() => ({ batch: create(BatchSchema, { id: 1n, status: Batch_Status.RESENDING }) }));
  // The server answers the shipment as it was queued; a job asks the carrier later.
  const sendOne = vi.fn(() => ({ shipment: failed }));
  const cancelOne = vi.fn(() => ({ shipment: labelled }));
  const view = renderShippingApp("/batch/1", {
    authorities,
    customers,
    batches: {
      getBatch: () => ({
        batch: create(BatchSchema, {
          id: 1n,
          csvFileName: "march.csv",
          status: Batch_Status[status],
          actions: { view: true, ...bulk },
        }),
      }),
      listValidatedShipments: () => ({ validatedShipments: [] }),
      listBatchShipments: (request) => {
        requests.push(request);
        return { shipments, totalCount: BigInt(shipments.length) };
      },
      resendBatch: resend,
      sendBatchShipment: sendOne,
      cancelBatchShipment: cancelOne,
    },
  });
  return { ...view, requests, resend, sendOne, cancelOne };
}

async function openTab() {
  const user = userEvent.setup();
  // Radix doubles tab texts (one copy hidden by CSS, which jsdom does not load).
  await user.click(await screen.findByRole("tab", { name: /^Shipments/ }));
  await screen.findByText("REF-1");
  return user;
}

const filter = (name: string) => screen.getByRole("radio", { name });

describe("the shipments of a batch (spec 2 §2.1, §4.3, §5.2)", () => {
  beforeEach(() => layOutGrid());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("lets a user resend only the changed or failed shipments, and never delete in bulk", async () => {
    const { requests } = renderTab("SENT");
    const user = await openTab();
    expect(requests[0]).toMatchObject({ id: 1n, page: 0, pageSize: 10, filter: ShipmentFilter_Value.ALL });
    expect(screen.getByRole("button", { name: "Resend shipments" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Delete shipments" })).toBeDisabled();
    await user.click(filter("Changed"));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ filter: ShipmentFilter_Value.CHANGED }));
    expect(screen.getByRole("button", { name: "Resend shipments" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Delete shipments" })).toBeDisabled();
  });

  it("lets an admin resend all and delete, but not delete from the ERROR filter", async () => {
    const { resend } = renderTab("SENT", [Role.admin]);
    const user = await openTab();
    expect(screen.getByRole("button", { name: "Resend shipments" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Delete shipments" })).toBeEnabled();
    await user.click(filter("Error"));
    expect(screen.getByRole("button", { name: "Delete shipments" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Resend shipments" }));
    await waitFor(() =>
      expect(resend).toHaveBeenCalledWith(
        expect.objectContaining({ filter: ShipmentFilter_Value.ERROR }),
        expect.anything(),
      ),
    );
  });

  it("follows the server's bulk actions of each filter, whoever asks", async () => {
    // An admin to whom the server offers nothing (say, nothing is selected) gets nothing.
    const { resend } = renderTab("SENT", [Role.admin], {}, { bulk: { bulkChanged: { resend: true } } });
    const user = await openTab();
    expect(screen.getByRole("button", { name: "Resend shipments" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Delete shipments" })).toBeDisabled();
    await user.click(filter("Error"));
    expect(screen.getByRole("button", { name: "Resend shipments" })).toBeDisabled();
    await user.click(filter("Changed"));
    expect(screen.getByRole("button", { name: "Resend shipments" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Delete shipments" })).toBeDisabled();
    await user.click(filter("All"));
    await user.click(screen.getByRole("button", { name: "Resend shipments" }));
    expect(resend).not.toHaveBeenCalled();
  });

  it("offers the label type only for a resend of all, and sends it along", async () => {
    const { resend } = renderTab("SENT", [Role.admin]);
    const user = await openTab();
    const labelType = () => screen.getByRole("combobox", { name: "Label type" });
    await user.click(filter("Changed"));
    expect(labelType()).toBeDisabled();
    await user.click(filter("All"));
    expect(labelType()).toBeEnabled();
    await user.click(screen.getByRole("button", { name: "Resend shipments" }));
    await waitFor(() =>
      expect(resend).toHaveBeenCalledWith(
        expect.objectContaining({ filter: ShipmentFilter_Value.ALL, labelType: LabelType.PDF }),
        expect.anything(),
      ),
    );
  });

  it("resends the changed shipments in the batch's label type", async () => {
    const { resend } = renderTab("SENT");
    const user = await openTab();
    await user.click(filter("Changed"));
    await user.click(screen.getByRole("button", { name: "Resend shipments" }));
    await waitFor(() =>
      expect(resend).toHaveBeenCalledWith(
        expect.objectContaining({ filter: ShipmentFilter_Value.CHANGED, labelType: LabelType.LABEL_TYPE_UNSPECIFIED }),
        expect.anything(),
      ),
    );
  });

  it("keeps the bulk buttons off when the server offers none, as in a manifested batch", async () => {
    renderTab("MANIFEST_CREATED", [Role.admin], {}, { bulk: {} });
    await openTab();
    expect(screen.getByRole("button", { name: "Delete shipments" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Resend shipments" })).toBeDisabled();
  });

  it("sends a failed or changed shipment again, cancels a labelled one, and shows failures as tooltips", async () => {
    const { sendOne, cancelOne } = renderTab("SENT");
    const user = await openTab();
    const row = (reference: string) => screen.getByText(reference).closest("tr")!;
    expect(within(row("REF-1")).queryByRole("button", { name: "Send REF-1 again" })).toBeNull();
    expect(within(row("REF-2")).queryByRole("button", { name: "Cancel REF-2" })).toBeNull();
    expect(within(row("REF-3")).queryByRole("button", { name: "Cancel REF-3" })).toBeNull();
    expect(within(row("REF-3")).getByRole("button", { name: "Send REF-3 again" })).toBeInTheDocument();
    await user.click(within(row("REF-2")).getByRole("button", { name: "Send REF-2 again" }));
    await waitFor(() =>
      expect(sendOne).toHaveBeenCalledWith(expect.objectContaining({ shipmentId: 12n }), expect.anything()),
    );
    await user.click(within(row("REF-1")).getByRole("button", { name: "Cancel REF-1" }));
    await waitFor(() =>
      expect(cancelOne).toHaveBeenCalledWith(expect.objectContaining({ shipmentId: 11n }), expect.anything()),
    );
    const failure = within(row("REF-2")).getByRole("img", { name: "Failed: Postal code 9999 is not valid for DE" });
    await user.hover(failure);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Postal code 9999 is not valid for DE");
  });

  it("explains a carrier refusal in the user's words, naming the field by its label", async () => {
    const refused: ShipmentInit = {
      ...failed,
      errorMessage: "error.carrier.fault.invalidField",
      errorParams: { field: "isoCountry", value: "XX" },
    };
    renderShippingApp("/batch/1", {
      batches: {
        getBatch: () => ({
          batch: create(BatchSchema, { id: 1n, status: Batch_Status.SENT, actions: { view: true } }),
        }),
        listValidatedShipments: () => ({ validatedShipments: [] }),
        listBatchShipments: () => ({ shipments: [refused], totalCount: 1n }),
      },
    });
    await userEvent.setup().click(await screen.findByRole("tab", { name: /^Shipments/ }));
    expect(
      await screen.findByRole("img", { name: "Failed: The carrier does not accept “XX” in the field Country." }),
    ).toBeInTheDocument();
  });

  it("follows a single send until its job has labelled the shipment, then reads the batch's counts again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let done = false;
    let reads = 0;
    const getBatch = vi.fn(() => ({
      batch: create(BatchSchema, {
        id: 1n,
        status: Batch_Status.SENT,
        errorShipments: done ? 0 : 1,
        actions: { view: true },
      }),
    }));
    renderShippingApp("/batch/1", {
      batches: {
        getBatch,
        listValidatedShipments: () => ({ validatedShipments: [] }),
        listBatchShipments: () => {
          reads += 1;
          return { shipments: [done ? { ...failed, success: true, errorMessage: "" } : failed], totalCount: 1n };
        },
        sendBatchShipment: () => ({ shipment: failed }),
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole("tab", { name: /^Shipments/ }));
    await user.click(await screen.findByRole("button", { name: "Send REF-2 again" }));
    await waitFor(() => expect(reads).toBeGreaterThanOrEqual(2));
    const readsBefore = reads;
    const batchReads = getBatch.mock.calls.length;
    await act(async () => void vi.advanceTimersByTime(pendingPollMs));
    await waitFor(() => expect(reads).toBeGreaterThan(readsBefore));
    done = true;
    await act(async () => void vi.advanceTimersByTime(pendingPollMs));
    expect(await screen.findByRole("img", { name: "Labelled" })).toBeInTheDocument();
    await waitFor(() => expect(getBatch.mock.calls.length).toBeGreaterThan(batchReads));
    // Settled: no more reads every 2 s.
    const settledReads = reads;
    await act(async () => void vi.advanceTimersByTime(3 * pendingPollMs));
    expect(reads).toBe(settledReads);
  });

  it("offers no single send or cancel the server does not allow", async () => {
    // Rows of a SENT batch that the server marks neither updateable, deleteable nor cancellable:
    // the page does not judge the rows itself.
    const quiet = [labelled, failed, changed].map((row) => ({
      ...row,
      updateable: false,
      deleteable: false,
      cancellable: false,
    }));
    renderTab("SENT", [Role.user], {}, { shipments: quiet });
    await openTab();
    expect(screen.queryByRole("button", { name: /again$/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Cancel REF/ })).toBeNull();
  });

  it("links a trackable shipment's identifier to tracking when the customer tracks", async () => {
    const { unmount } = renderTab("SENT", [Role.user], {
      getCustomer: () => ({ customer: { id: 5n, name: "Bäckerei", trackingEnabled: true } }),
    });
    await openTab();
    expect(await screen.findByRole("link", { name: "CC000000001DE" })).toHaveAttribute(
      "href",
      "/tracking?trackingNumber=CC000000001DE",
    );
    unmount();
    renderTab("SENT");
    await openTab();
    expect(screen.getByText("CC000000001DE").closest("a")).toBeNull();
  });
});
