import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { batchListRefreshMs } from "../../../api/batches";
import { currentNotices } from "../../../errors/notices";
import { Batch_Status, BatchSchema } from "../../../gen/portal/v1/batches_pb";
import { Code, portalFailure } from "../../../test/connectErrors";
import { renderShippingApp } from "../../../test/renderShippingApp";

type BatchInit = MessageInitShape<typeof BatchSchema>;

/** A batch as the server lists it; what it allows and whether a job works on it are the server's to say. */
const batch = (id: bigint, status: keyof typeof Batch_Status, extra: BatchInit = {}) =>
  create(BatchSchema, {
    id,
    status: Batch_Status[status],
    actions: { view: true, delete: true },
    csvFileName: `file-${id}.csv`,
    createdAt: timestampFromDate(new Date(2026, 2, 14, 10, 30)),
    ...extra,
  } as BatchInit);

const rowOf = (name: string) => screen.getByRole("button", { name: `Download ${name}` }).closest("tr")!;

describe("the batch list (spec 2 §2.1)", () => {
  afterEach(() => vi.useRealTimers());

  it("shows each status with its icon and progress", async () => {
    const batches = [
      batch(1n, "CREATED"),
      batch(2n, "SENT"),
      batch(3n, "SENDING", { processedShipments: 12, totalShipments: 40, inProgress: true }),
      batch(4n, "CREATING_MANIFEST"),
      batch(5n, "MANIFEST_CREATED"),
      batch(6n, "ERROR_SEND"),
      batch(7n, "CANCELLED"),
      batch(8n, "DELETING", { inProgress: true }),
    ];
    renderShippingApp("/batch", { batches: { listBatches: () => ({ batches, totalCount: 8n }) } });
    await screen.findByRole("button", { name: "Download file-1.csv" });
    const icons = batches.map((b) => within(rowOf(b.csvFileName)).getByRole("img").getAttribute("data-icon"));
    expect(icons).toEqual(["file", "upload", "spinner", "spinner", "check", "cross", "cross", "spinner"]);
    expect(within(rowOf("file-3.csv")).getByTestId("batch-progress")).toHaveTextContent("12 / 40");
    expect(within(rowOf("file-1.csv")).getByRole("img", { name: "Created" })).toBeInTheDocument();
  });

  it("says which rows a manifested batch left out and why, so 6 / 6 does not hide them", async () => {
    const sentAt = timestampFromDate(new Date(2026, 2, 14, 11, 0));
    const batches = [
      batch(1n, "MANIFEST_CREATED", { sentAt, rowCount: 9, invalidRows: 3, processedShipments: 6, totalShipments: 6 }),
      batch(2n, "SENT", { sentAt, rowCount: 4, errorShipments: 1, processedShipments: 4, totalShipments: 4 }),
      batch(3n, "CREATED", { rowCount: 9, invalidRows: 3 }),
    ];
    renderShippingApp("/batch", { batches: { listBatches: () => ({ batches, totalCount: 3n }) } });
    await screen.findByRole("button", { name: "Download file-1.csv" });
    expect(within(rowOf("file-1.csv")).getByTestId("batch-progress")).toHaveTextContent("6 / 6");
    expect(within(rowOf("file-1.csv")).getByTestId("batch-left-out")).toHaveTextContent("3 invalid rows not sent");
    expect(within(rowOf("file-2.csv")).getByTestId("batch-left-out")).toHaveTextContent(
      "1 shipment failed at the carrier",
    );
    // Before a send nothing was left out yet: the grid shows the invalid rows.
    expect(within(rowOf("file-3.csv")).queryByTestId("batch-left-out")).toBeNull();
  });

  it("offers delete and view as the server's actions say (core/batch: none while a job works, no delete once manifested)", async () => {
    const batches = [
      batch(1n, "CREATED"),
      batch(2n, "SENDING", { actions: { view: true, delete: false } }),
      batch(3n, "MANIFEST_CREATED", { actions: { view: true, delete: false } }),
      batch(4n, "DELETING", { actions: { view: false, delete: false } }),
    ];
    renderShippingApp("/batch", { batches: { listBatches: () => ({ batches, totalCount: 4n }) } });
    await screen.findByRole("button", { name: "Download file-1.csv" });
    expect(screen.getByRole("link", { name: "Delete file-1.csv" })).toHaveAttribute("href", "/batch/1/delete");
    expect(screen.getByRole("link", { name: "View file-1.csv" })).toHaveAttribute("href", "/batch/1");
    expect(screen.getByRole("button", { name: "Delete file-2.csv" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Delete file-3.csv" })).toBeDisabled();
    expect(screen.getByRole("link", { name: "View file-3.csv" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Delete file-4.csv" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "View file-4.csv" })).toBeDisabled();
  });

  it("follows the server's actions when it sends them", async () => {
    const batches = [batch(1n, "CANCELLING", { actions: { view: true, delete: false } })];
    renderShippingApp("/batch", { batches: { listBatches: () => ({ batches, totalCount: 1n }) } });
    expect(await screen.findByRole("button", { name: "Delete file-1.csv" })).toBeDisabled();
  });

  it("marks admins beside the sender's login (spec 2 §6)", async () => {
    const batches = [
      batch(1n, "SENT", { sentBy: "carla", sentByAdmin: true }),
      batch(2n, "SENT", { sentBy: "anna", sentByAdmin: false }),
    ];
    renderShippingApp("/batch", { batches: { listBatches: () => ({ batches, totalCount: 2n }) } });
    await screen.findByRole("button", { name: "Download file-1.csv" });
    expect(within(rowOf("file-1.csv")).getByText("carla (ADMIN)")).toBeInTheDocument();
    expect(within(rowOf("file-2.csv")).getByText("anna")).toBeInTheDocument();
    expect(within(rowOf("file-2.csv")).queryByText(/ADMIN/)).toBeNull();
  });

  it("shows the single parcels' batch without a download", async () => {
    const batches = [batch(1n, "SENT", { csvFileName: "Single Parcels" })];
    renderShippingApp("/batch", { batches: { listBatches: () => ({ batches, totalCount: 1n }) } });
    expect(await screen.findByText("Single Parcels", {})).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Download Single Parcels" })).toBeNull();
  });

  it("says so when there are no batches, and offers the upload and the parcel tab", async () => {
    renderShippingApp("/batch", { batches: { listBatches: () => ({ batches: [], totalCount: 0n }) } });
    expect(await screen.findByText("No batches found", {})).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Upload a CSV file" })).toHaveAttribute("href", "/batch/new");
    expect(screen.getByRole("link", { name: "Parcel" })).toHaveAttribute("href", "/parcel");
  });

  it("offers no upload without an active customer", async () => {
    const list = vi.fn(() => ({ batches: [], totalCount: 0n }));
    renderShippingApp("/batch", { customer: null, batches: { listBatches: list } });
    expect(await screen.findByText("Please choose a customer first.", {})).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Upload a CSV file" })).toBeNull();
    expect(list).not.toHaveBeenCalled();
  });

  it("asks for the active customer's page and refreshes it every 30 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const list = vi.fn((_request: { customerId: bigint; page: number; pageSize: number }) => ({
      batches: [batch(1n, "CREATED")],
      totalCount: 1n,
    }));
    renderShippingApp("/batch?size=50", { batches: { listBatches: list } });
    await screen.findByRole("button", { name: "Download file-1.csv" });
    expect(list).toHaveBeenCalledTimes(1);
    expect(list.mock.calls[0][0]).toMatchObject({ customerId: 5n, page: 0, pageSize: 50 });
    await act(async () => void vi.advanceTimersByTime(batchListRefreshMs - 1000));
    expect(list).toHaveBeenCalledTimes(1);
    await act(async () => void vi.advanceTimersByTime(1000));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it("deletes a batch after the confirmation and returns to the list as it was", async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => ({}));
    const { router } = renderShippingApp("/batch/1/delete?size=25", {
      batches: {
        listBatches: () => ({ batches: [batch(1n, "CREATED")], totalCount: 1n }),
        getBatch: () => ({ batch: batch(1n, "CREATED") }),
        deleteBatch: remove,
      },
    });
    expect(await screen.findByText("Are you sure you want to delete the batch 1 (file-1.csv)?", {})).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/batch"));
    expect(router.state.location.search).toBe("?size=25");
    expect(remove).toHaveBeenCalledWith(expect.objectContaining({ id: 1n }), expect.anything());
  });

  it("tells that a batch with labels is deleted by a job, and follows it every 5 s in the list", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let current = batch(1n, "SENT");
    const list = vi.fn(() => ({ batches: [current], totalCount: 1n }));
    const remove = vi.fn(() => {
      current = batch(1n, "DELETING", { actions: { view: false, delete: false }, inProgress: true });
      return { batch: current };
    });
    const { router } = renderShippingApp("/batch/1/delete", {
      batches: { listBatches: list, getBatch: () => ({ batch: current }), deleteBatch: remove },
    });
    await screen.findByText("Are you sure you want to delete the batch 1 (file-1.csv)?", {});
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/batch"));
    expect(currentNotices()).toContainEqual(
      expect.objectContaining({
        tone: "info",
        text: expect.objectContaining({
          message: "The batch {name} is being deleted: its labels are cancelled at the carrier first.",
        }),
      }),
    );
    expect(await screen.findByRole("img", { name: "Deleting shipments" })).toBeInTheDocument();
    const calls = list.mock.calls.length;
    await act(async () => void vi.advanceTimersByTime(5_000));
    await waitFor(() => expect(list.mock.calls.length).toBeGreaterThan(calls));
  });

  it("says why a batch cannot be deleted when its delete address is opened, and offers no Delete", async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => ({}));
    const manifested = batch(5n, "MANIFEST_CREATED", { hasManifest: true, actions: { view: true, delete: false } });
    const { router, unmount } = renderShippingApp("/batch/5/delete", {
      batches: {
        listBatches: () => ({ batches: [manifested], totalCount: 1n }),
        getBatch: () => ({ batch: manifested }),
        deleteBatch: remove,
      },
    });
    const dialog = await screen.findByRole("alertdialog", {});
    await waitFor(() => expect(dialog).toHaveTextContent("The batch file-5.csv has a manifest and cannot be deleted."));
    expect(within(dialog).queryByRole("button", { name: "Delete" })).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/batch"));
    expect(remove).not.toHaveBeenCalled();
    unmount();

    const sending = batch(6n, "SENDING", { actions: { view: true, delete: false } });
    renderShippingApp("/batch/6/delete", {
      batches: {
        listBatches: () => ({ batches: [sending], totalCount: 1n }),
        getBatch: () => ({ batch: sending }),
      },
    });
    expect(
      await screen.findByText("The batch file-6.csv cannot be deleted while it is in the status “Sending”.", {}),
    ).toBeVisible();
  });

  it("says that a batch is not there instead of asking to delete it, without a toast", async () => {
    const getBatch = vi.fn(() => {
      throw portalFailure(Code.NotFound, "error.batch.notFound");
    });
    renderShippingApp("/batch/999999/delete", {
      batches: { listBatches: () => ({ batches: [], totalCount: 0n }), getBatch },
    });
    const dialog = await screen.findByRole("alertdialog", {});
    await waitFor(() =>
      expect(dialog).toHaveTextContent("This batch does not exist, or it belongs to another customer."),
    );
    expect(within(dialog).queryByRole("button", { name: "Delete" })).toBeNull();
    expect(getBatch).toHaveBeenCalled();
    expect(currentNotices()).toHaveLength(0);
  });
});
