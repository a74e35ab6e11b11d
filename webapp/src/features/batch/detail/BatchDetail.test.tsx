import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../auth/access";
import { currentNotices } from "../../../errors/notices";
import {
  type Batch,
  BatchSchema,
  type UpdateValidatedShipmentRequest,
  type ValidatedShipment,
  ValidatedShipmentSchema,
  Batch_Status,
} from "../../../gen/portal/v1/batches_pb";
import { Code, portalFailure } from "../../../test/connectErrors";
import { BatchStepper } from "./BatchStepper";
import { batchPollMs } from "../../../shipping/batchStatus";
import { layOutGrid } from "../grid/gridLayout";
import { renderShippingApp } from "../../../test/renderShippingApp";
import { labelLockMs } from "../../../printing/useLock";
import { savePrinterPreference } from "../../../printing/preferences";
import { LabelType } from "../../../gen/portal/v1/vocabulary_pb";

type BatchInit = MessageInitShape<typeof BatchSchema>;

const createdActions = { send: true, sendEnabled: true, gridEditable: true, view: true, delete: true };
const sentActions = {
  generateManifest: true,
  labelDownloads: true,
  customsDocsDownload: true,
  gridEditable: true,
  view: true,
  delete: true,
};

function batchOf(init: BatchInit = {}): Batch {
  return create(BatchSchema, {
    id: 1n,
    csvFileName: "march.csv",
    status: Batch_Status.CREATED,
    customerId: 5n,
    rowCount: 2,
    invalidRows: 1,
    valid: false,
    actions: createdActions,
    ...init,
  } as BatchInit);
}

type Cells = Record<
  string,
  string | { value: string; violations: { message: string; attributes?: Record<string, string> }[] }
>;

function rowOf(id: number, cells: Cells, orderLines: Record<string, string>[] = []): ValidatedShipment {
  const fields = Object.fromEntries(
    Object.entries(cells).map(([name, cell]) => [name, typeof cell === "string" ? { value: cell } : cell]),
  );
  const valid = Object.values(fields).every((cell) => !("violations" in cell) || cell.violations.length === 0);
  return create(ValidatedShipmentSchema, {
    id: BigInt(id),
    position: id,
    valid,
    fields,
    orderLines: orderLines.map((line) => ({
      fields: Object.fromEntries(Object.entries(line).map(([name, value]) => [name, { value }])),
    })),
  });
}

const anna = rowOf(1, { name: "Anna Berg", city: "Berlin", isoCountry: "DE" }, [{ articleNumber: "A-1" }]);
const bert = rowOf(2, {
  name: { value: "", violations: [{ message: "error.shipment.mandatory" }] },
  city: {
    value: "Hamburg-Altona-Nord",
    violations: [{ message: "error.shipment.maxLength", attributes: { max: "10" } }],
  },
  isoCountry: "DE",
});

function renderBatch(
  batch: Batch | (() => Batch),
  rows: ValidatedShipment[] | (() => ValidatedShipment[]) = [anna, bert],
  more: Parameters<typeof renderShippingApp>[1] = {},
) {
  const getBatch = vi.fn(() => ({ batch: typeof batch === "function" ? batch() : batch }));
  // As the server pages them: the page asked for, the total, the batch's most order lines.
  const listValidatedShipments = vi.fn(
    ({ page, pageSize, onlyInvalid }: { page: number; pageSize: number; onlyInvalid: boolean }) => {
      const all = typeof rows === "function" ? rows() : rows;
      const chosen = onlyInvalid ? all.filter((row) => !row.valid) : all;
      return {
        validatedShipments: pageSize > 0 ? chosen.slice(page * pageSize, (page + 1) * pageSize) : chosen,
        totalCount: chosen.length,
        maxOrderLines: Math.max(0, ...all.map((row) => row.orderLines.length)),
      };
    },
  );
  const view = renderShippingApp("/batch/1", {
    ...more,
    batches: {
      getBatch,
      listValidatedShipments,
      listBatchShipments: () => ({ shipments: [], totalCount: 0n }),
      ...more.batches,
    },
  });
  return { ...view, getBatch, listValidatedShipments };
}

/** The fact (label and value) of the batch page that holds the focus. */
const focusedFact = () => document.activeElement?.closest(".rt-DataListItem") ?? null;

const gridCell = (text: string) => within(screen.getByRole("grid")).getByText(text);

describe("a batch that is not there", () => {
  const missing = () => {
    throw portalFailure(Code.NotFound, "error.batch.notFound");
  };

  it("shows a not-found page and no toast for an unknown or another customer's batch", async () => {
    const getBatch = vi.fn(missing);
    const rows = vi.fn(missing);
    const { router } = renderShippingApp("/batch/999999", {
      batches: { getBatch, listValidatedShipments: rows },
    });
    expect(await screen.findByRole("heading", { name: "Batch not found" })).toBeInTheDocument();
    expect(screen.getByText("This batch does not exist, or it belongs to another customer.")).toBeInTheDocument();
    expect(document.title).toContain("Batch not found");
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // One read, no toast: the rows of a batch that is not there are never asked for.
    expect(getBatch).toHaveBeenCalledTimes(1);
    expect(rows).not.toHaveBeenCalled();
    expect(currentNotices()).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole("link", { name: "Back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/batch"));
  });

  it("shows the not-found page for an address that names no batch", async () => {
    const getBatch = vi.fn(missing);
    renderShippingApp("/batch/march", { batches: { getBatch, listValidatedShipments: missing } });
    expect(await screen.findByRole("heading", { name: "Batch not found" })).toBeInTheDocument();
    expect(document.title).toBe("Batch not found · Parcel Portal");
    expect(getBatch).not.toHaveBeenCalled();
  });

  it("says once that the batch could not be read when the server fails, and reads it again on request", async () => {
    const getBatch = vi.fn(() => {
      throw portalFailure(Code.Internal, "error.internal");
    });
    renderShippingApp("/batch/1", {
      batches: { getBatch, listValidatedShipments: () => ({ validatedShipments: [] }) },
    });
    expect(await screen.findByRole("heading", { name: "The page could not be loaded" })).toBeInTheDocument();
    expect(currentNotices().map((notice) => notice.text.id)).toEqual(["error.internal"]);
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(getBatch).toHaveBeenCalledTimes(2));
  });
});

describe("the stepper (spec 2 §2.1)", () => {
  const renderStepper = (status: Batch_Status, working = false) =>
    render(
      <I18nProvider i18n={i18n}>
        <BatchStepper status={status} working={working} />
      </I18nProvider>,
    );
  const steps = () => screen.getAllByRole("listitem").map((item) => `${item.textContent}:${item.dataset.state}`);

  it.each([
    ["CREATED", false, ["1Upload:current", "2Sending:upcoming", "3Sent:upcoming", "4Manifest:upcoming"]],
    ["SENDING", true, ["Upload:complete", "Sending:current", "3Sent:upcoming", "4Manifest:upcoming"]],
    ["SENT", false, ["Upload:complete", "Sending:complete", "3Sent:current", "4Manifest:upcoming"]],
    ["CREATING_MANIFEST", true, ["Upload:complete", "Sending:complete", "Sent:complete", "Manifest:current"]],
    ["MANIFEST_CREATED", false, ["Upload:complete", "Sending:complete", "Sent:complete", "Manifest:complete"]],
    ["ERROR_SEND", false, ["Error:error"]],
    ["ERROR_MANIFEST", false, ["Error:error"]],
    ["DELETED", false, ["Deleted:deleted"]],
  ] as const)("in %s", (status, working, expected) => {
    renderStepper(Batch_Status[status], working);
    expect(steps()).toEqual(expected);
  });

  it("marks the current step for assistive technology", () => {
    renderStepper(Batch_Status.SENT);
    expect(screen.getByRole("listitem", { current: "step" })).toHaveTextContent("Sent");
  });
});

describe("the batch page (spec 2 §2.1, §4)", () => {
  beforeEach(() => layOutGrid());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("draws cells with violations red and names the violations in a tooltip", async () => {
    const user = userEvent.setup();
    renderBatch(batchOf());
    const city = await screen.findByText("Hamburg-Altona-Nord", {});
    expect(city).toHaveAttribute("aria-invalid", "true");
    expect(city).toHaveAttribute("data-invalid");
    expect(gridCell("Berlin")).not.toHaveAttribute("aria-invalid");
    await user.hover(city);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("At most 10 characters are allowed.");
    expect(screen.getByRole("status")).toHaveTextContent("1 of 2 rows has validation errors.");
  });

  it("labels the columns in the user's language and keeps the CSV names beside them", async () => {
    renderBatch(batchOf());
    await screen.findByText("Anna Berg", {});
    const grid = screen.getByRole("grid");
    const receiver = within(grid).getByRole("columnheader", { name: "Receiver name" });
    expect(receiver).toHaveTextContent("name");
    expect(receiver).toHaveAttribute("title", "Receiver name (name)");
    expect(within(grid).getByRole("columnheader", { name: "Postal code" })).toHaveAccessibleDescription(
      "CSV column postalcode",
    );
    expect(within(grid).queryByRole("columnheader", { name: "postalcode" })).toBeNull();
    grid.scrollLeft = 10_000;
    fireEvent.scroll(grid);
    const article = await within(grid).findByRole("columnheader", { name: "Value 1" });
    expect(article).toHaveTextContent("value1");
  });

  it("reads the grid a page of 100 rows at a time", async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 150 }, (_, index) => rowOf(index + 1, { name: `Receiver ${index + 1}` }));
    const { listValidatedShipments } = renderBatch(batchOf({ rowCount: 150, invalidRows: 0, valid: true }), many);
    await screen.findByText("Receiver 1", {});
    const grid = screen.getByRole("grid");
    expect(grid).toHaveAttribute("aria-rowcount", "151");
    expect(listValidatedShipments).toHaveBeenLastCalledWith(
      expect.objectContaining({ page: 0, pageSize: 100 }),
      expect.anything(),
    );
    expect(screen.getByText("Showing 1 – 100 of 150 items.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("Receiver 101", {})).toBeInTheDocument();
    expect(screen.queryByText("Receiver 1")).toBeNull();
    expect(listValidatedShipments).toHaveBeenLastCalledWith(
      expect.objectContaining({ page: 1, pageSize: 100 }),
      expect.anything(),
    );
    // Row 101 is the grid's 102nd row, after the header.
    expect(screen.getByText("Receiver 101").closest('[role="row"]')).toHaveAttribute("aria-rowindex", "102");
  }, 60_000);

  it("shows only the invalid rows when asked", async () => {
    const user = userEvent.setup();
    renderBatch(batchOf());
    await screen.findByText("Anna Berg", {});
    await user.click(screen.getByRole("switch", { name: "Show only invalid rows" }));
    expect(screen.queryByText("Anna Berg")).toBeNull();
    expect(gridCell("Hamburg-Altona-Nord")).toBeInTheDocument();
    // The columns stay those of the whole file: Anna's order line keeps its column.
    expect(screen.getByRole("grid")).toHaveAttribute("aria-colcount", String(27 + 8 + 1));
  });

  it("sends the whole row on a cell edit and shows the row and counts the server answers", async () => {
    const user = userEvent.setup();
    const requests: UpdateValidatedShipmentRequest[] = [];
    const fixed = rowOf(2, { name: "Bert Ernst", city: "Hamburg-Altona-Nord", isoCountry: "DE" });
    renderBatch(batchOf(), [anna, bert], {
      batches: {
        updateValidatedShipment: (request) => {
          requests.push(request);
          return { validatedShipment: fixed, batch: batchOf({ invalidRows: 0, valid: true }) };
        },
      },
    });
    const cells = (await screen.findAllByRole("gridcell", {})).filter(
      (cell) => cell.getAttribute("aria-colindex") === "2",
    );
    await user.dblClick(cells[1]);
    const input = screen.getByRole("textbox", { name: "Receiver name of row 2" });
    await user.type(input, "Bert Ernst{Enter}");
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0].shipmentId).toBe(2n);
    expect(requests[0].values?.fields).toMatchObject({
      name: "Bert Ernst",
      city: "Hamburg-Altona-Nord",
      isoCountry: "DE",
      street: "",
    });
    const sent = Object.entries(requests[0].values?.fields ?? {}).filter(
      ([k, v]) => k !== "$typeName" && v !== undefined,
    );
    expect(sent).toHaveLength(27);
    expect(await screen.findByText("All 2 rows are valid.")).toBeInTheDocument();
    expect(gridCell("Bert Ernst")).not.toHaveAttribute("aria-invalid");
  });

  it("keeps the cells read-only when the server says the grid is not editable", async () => {
    const user = userEvent.setup();
    renderBatch(batchOf({ status: Batch_Status.MANIFEST_CREATED, actions: { view: true } }));
    const cell = await screen.findByText("Anna Berg", {});
    await user.dblClick(cell);
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.getByRole("grid")).toHaveAttribute("aria-readonly", "true");
  });

  it("shows the invoice columns only when a row has an invoice number", async () => {
    const { unmount } = renderBatch(batchOf());
    await screen.findByText("Anna Berg", {});
    expect(screen.getByRole("grid")).toHaveAttribute("aria-colcount", String(27 + 8 + 1));
    unmount();
    // The batch says whether any row has one (the grid's page may not hold that row).
    const invoiced = rowOf(3, { name: "Carla", invoiceNumber: "INV-7" });
    renderBatch(batchOf({ hasInvoice: true }), [anna, invoiced]);
    await screen.findByText("Anna Berg", {});
    const grid = screen.getByRole("grid");
    expect(grid).toHaveAttribute("aria-colcount", String(27 + 8 + 11 + 1));
    grid.scrollLeft = 10_000;
    fireEvent.scroll(grid);
    const header = await within(grid).findByRole("columnheader", { name: "Invoice number" });
    expect(header).toHaveTextContent("invoiceNumber");
    expect(header).toHaveAccessibleDescription("CSV column invoiceNumber");
    expect(within(grid).getByText("INV-7")).toBeInTheDocument();
  });

  it("asks before sending a batch with invalid rows, then sends with the printer's label type", async () => {
    const user = userEvent.setup();
    const send = vi.fn(() => ({
      batch: batchOf({ status: Batch_Status.SENDING, actions: { send: true, view: true } }),
    }));
    renderBatch(batchOf(), undefined, {
      batches: { sendBatch: send },
      customers: { getPrinterSettings: () => ({ printerSettings: { labelType: LabelType.ZPL } }) },
    });
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Label type" })).toHaveTextContent("ZPL"));
    await user.click(screen.getByRole("button", { name: "Send" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("Some rows of the batch have validation errors.");
    expect(send).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Send anyway" }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]).toEqual([
      expect.objectContaining({ id: 1n, labelType: LabelType.Zebra }),
      expect.anything(),
    ]);
    await waitFor(() =>
      expect(currentNotices()).toContainEqual(
        expect.objectContaining({
          tone: "info",
          duration: 10_000,
          text: expect.objectContaining({ message: "Processing the CSV data…" }),
        }),
      ),
    );
  });

  it("sends a valid batch at once, with the label type chosen; Zebra300 is not offered", async () => {
    const user = userEvent.setup();
    const send = vi.fn(() => ({ batch: batchOf({ status: Batch_Status.SENDING }) }));
    renderBatch(batchOf({ valid: true, invalidRows: 0 }), [anna], { batches: { sendBatch: send } });
    await user.click(await screen.findByRole("combobox", { name: "Label type" }));
    expect((await screen.findAllByRole("option")).map((option) => option.textContent)).toEqual(["PDF", "ZPL"]);
    await user.click(screen.getByRole("option", { name: "ZPL" }));
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]).toEqual([expect.objectContaining({ labelType: LabelType.Zebra }), expect.anything()]);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    // The focus lands on what the send changed, the batch's status, not on the page (issue 25).
    await waitFor(() => expect(focusedFact()).toHaveTextContent(/^Status/));
  });

  it("puts the focus on the manifest's download once the manifest is made", async () => {
    const user = userEvent.setup();
    let current = batchOf({ status: Batch_Status.SENT, actions: sentActions, valid: true, invalidRows: 0 });
    const manifest = vi.fn(() => {
      // The job is quick: the batch read after the command has its manifest.
      const answer = batchOf({ status: Batch_Status.CREATING_MANIFEST, actions: sentActions, inProgress: true });
      current = batchOf({
        status: Batch_Status.MANIFEST_CREATED,
        actions: { ...sentActions, generateManifest: false, regenerateManifest: true, manifestDownload: true },
      });
      return { batch: answer };
    });
    renderBatch(() => current, undefined, { batches: { createBatchManifest: manifest } });
    await user.click(await screen.findByRole("button", { name: "Generate manifest" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Manifest" })).toHaveFocus());
  });

  it("names the label type once: by the send's select, or as a fact once sent", async () => {
    // CREATED again after its shipments were deleted: the last send's type is still recorded.
    const { unmount } = renderBatch(batchOf({ labelType: LabelType.PDF }));
    expect(await screen.findByRole("combobox", { name: "Label type" })).toBeEnabled();
    expect(screen.getAllByText("Label type")).toHaveLength(1);
    unmount();

    const { unmount: unmountSending } = renderBatch(
      batchOf({ status: Batch_Status.SENDING, labelType: LabelType.Zebra, actions: { send: true, view: true } }),
    );
    const select = await screen.findByRole("combobox", { name: "Label type" });
    expect(select).toHaveTextContent("ZPL");
    expect(select).toBeDisabled();
    expect(screen.getAllByText("Label type")).toHaveLength(1);
    unmountSending();

    renderBatch(batchOf({ status: Batch_Status.SENT, labelType: LabelType.Zebra, actions: sentActions }));
    expect(await screen.findByText("ZPL", {})).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Label type" })).toBeNull();
    expect(screen.getAllByText("Label type")).toHaveLength(1);
  });

  it("names the row limit when the file has too many rows", async () => {
    renderBatch(batchOf({ rowCount: 2001, actions: { ...createdActions, sendEnabled: false } }));
    expect(await screen.findByText("The batch has 2001 rows; at most 2000 can be sent.", {})).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
  });

  it("names who uploaded and who sent the batch, admins marked", async () => {
    renderBatch(
      batchOf({
        status: Batch_Status.SENT,
        actions: sentActions,
        createdBy: "ida.upload",
        sentBy: "carla",
        sentByAdmin: true,
      }),
    );
    expect(await screen.findByText(/carla \(ADMIN\)/, {})).toBeInTheDocument();
    expect(document.title).toBe("march.csv · Parcel Portal");
    expect(screen.getByText(/ida\.upload/)).not.toHaveTextContent("ADMIN");
  });

  it("says why the last job failed in the user's words, with the values the server named", async () => {
    renderBatch(
      batchOf({
        status: Batch_Status.ERROR_SEND,
        actions: { view: true },
        errorMessage: "error.carrier.fault",
        errorParams: { code: "Busy", message: "try later" },
      }),
    );
    expect(await screen.findByText("The carrier refused the request (Busy): try later", {})).toBeInTheDocument();
  });

  it("says how many shipments the carrier refused after a send", async () => {
    const { unmount } = renderBatch(batchOf({ status: Batch_Status.SENT, actions: sentActions, errorShipments: 3 }));
    expect(await screen.findByText("3 shipments could not be sent.", {})).toBeInTheDocument();
    unmount();
    renderBatch(batchOf({ status: Batch_Status.SENT, actions: sentActions, errorShipments: 1 }));
    expect(await screen.findByText("1 shipment could not be sent.", {})).toBeInTheDocument();
  });

  it("asks before a manifest that leaves failed and changed shipments out, naming both counts", async () => {
    const user = userEvent.setup();
    const manifest = vi.fn(() => ({
      batch: batchOf({ status: Batch_Status.CREATING_MANIFEST, actions: sentActions }),
    }));
    renderBatch(
      batchOf({ status: Batch_Status.SENT, actions: sentActions, errorShipments: 2, changedShipments: 1 }),
      undefined,
      {
        batches: { createBatchManifest: manifest },
      },
    );
    await user.click(await screen.findByRole("button", { name: "Generate manifest" }));
    // The question and its button say the same as the button that opened it.
    const dialog = await screen.findByRole("alertdialog", { name: "Generate the manifest?" });
    expect(dialog).toHaveTextContent("The batch has 2 shipments with errors and 1 changed shipment.");
    await user.click(within(dialog).getByRole("button", { name: "Generate manifest" }));
    await waitFor(() => expect(manifest).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(currentNotices()).toContainEqual(expect.objectContaining({ tone: "info", duration: 4_000 })),
    );
  });

  it("asks before regenerating a manifest in the same words as its button", async () => {
    const user = userEvent.setup();
    const manifested = { ...sentActions, generateManifest: false, regenerateManifest: true };
    renderBatch(batchOf({ status: Batch_Status.ERROR_MANIFEST, actions: manifested, errorShipments: 1 }));
    await user.click(await screen.findByRole("button", { name: "Regenerate manifest" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Regenerate the manifest?" });
    expect(within(dialog).getByRole("button", { name: "Regenerate manifest" })).toBeInTheDocument();
  });

  it("asks an admin before cancelling a send", async () => {
    const user = userEvent.setup();
    const cancel = vi.fn(() => ({ batch: batchOf({ status: Batch_Status.CANCELLING }) }));
    renderBatch(
      batchOf({ status: Batch_Status.SENDING, actions: { send: true, cancel: true, view: true } }),
      undefined,
      {
        authorities: [Role.admin],
        batches: { cancelBatch: cancel },
      },
    );
    await user.click(await screen.findByRole("button", { name: "Cancel sending" }));
    expect(cancel).not.toHaveBeenCalled();
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel sending" }));
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
  });

  it("reads the batch every 5 s while a job works on it, and the rows again once it settled", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = Batch_Status.SENDING;
    const { getBatch, listValidatedShipments } = renderBatch(() =>
      batchOf({ status, inProgress: status === Batch_Status.SENDING, actions: { send: true, view: true } }),
    );
    await screen.findByText("Anna Berg", {});
    expect(getBatch).toHaveBeenCalledTimes(1);
    expect(listValidatedShipments).toHaveBeenCalledTimes(1);
    await act(async () => void vi.advanceTimersByTime(batchPollMs));
    await waitFor(() => expect(getBatch).toHaveBeenCalledTimes(2));
    status = Batch_Status.SENT;
    await act(async () => void vi.advanceTimersByTime(batchPollMs));
    await waitFor(() => expect(getBatch).toHaveBeenCalledTimes(3));
    await waitFor(() => expect(listValidatedShipments).toHaveBeenCalledTimes(2));
    await act(async () => void vi.advanceTimersByTime(3 * batchPollMs));
    expect(getBatch).toHaveBeenCalledTimes(3);
  });

  it("follows a delete of every shipment back to CREATED: the rows are read again and the batch can be sent anew", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let settled = false;
    const { getBatch, listValidatedShipments } = renderBatch(() =>
      settled
        ? batchOf({ status: Batch_Status.CREATED, labelType: LabelType.Zebra, actions: createdActions })
        : batchOf({
            status: Batch_Status.DELETING,
            labelType: LabelType.Zebra,
            actions: { view: true },
            inProgress: true,
          }),
    );
    await screen.findByText("Anna Berg", {});
    expect(screen.queryByRole("button", { name: "Send" })).toBeNull();
    settled = true;
    await act(async () => void vi.advanceTimersByTime(batchPollMs));
    await waitFor(() => expect(getBatch).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(listValidatedShipments).toHaveBeenCalledTimes(2));
    expect(await screen.findByRole("button", { name: "Send" })).toBeEnabled();
    // The new send's type is the printer's (PDF), not the deleted labels' one.
    expect(screen.getByRole("combobox", { name: "Label type" })).toHaveTextContent("PDF");
    expect(screen.getAllByText("Label type")).toHaveLength(1);
  });

  it("does not poll a batch at rest", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { getBatch } = renderBatch(batchOf());
    await screen.findByText("Anna Berg", {});
    await act(async () => void vi.advanceTimersByTime(4 * batchPollMs));
    expect(getBatch).toHaveBeenCalledTimes(1);
  });

  it("locks the label button for 5 s after a click and opens the PDF as a link with a download token", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const opened: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      opened.push(this.getAttribute("href") ?? "");
    });
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const createBatchDownloadToken = vi.fn((_request: { id: bigint; download: string }) => ({ token: "dl-token-1" }));
    renderBatch(
      batchOf({ status: Batch_Status.SENT, actions: sentActions, labelType: LabelType.PDF, hasLabels: true }),
      undefined,
      {
        batches: { createBatchDownloadToken },
      },
    );
    const labels = await screen.findByRole("button", { name: "Labels (PDF)" });
    await user.click(labels);
    expect(labels).toBeDisabled();
    await waitFor(() => expect(opened).toHaveLength(1));
    click.mockRestore();
    expect(createBatchDownloadToken.mock.lastCall?.[0]).toMatchObject({ id: 1n, download: "labels" });
    const url = new URL(opened[0], "http://portal");
    expect(url.pathname).toBe("/web/api/batches/1/labels");
    expect(url.searchParams.get("bearer")).toBe("dl-token-1");
    expect(url.searchParams.get("cacheBuster")).not.toBeNull();
    // The session token stays out of the link, and the browser fetches the file itself.
    expect(opened[0]).not.toContain("test-token");
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => void vi.advanceTimersByTime(labelLockMs - 500));
    expect(labels).toBeDisabled();
    await act(async () => void vi.advanceTimersByTime(500));
    expect(labels).toBeEnabled();
  });

  it("prints ZPL labels on the printer Browser Print offers, one job for the batch", async () => {
    const user = userEvent.setup();
    const writes: { device: { name: string }; data: string }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith("/available")) return new Response(JSON.stringify({ printer: [{ name: "Desk", uid: "d" }] }));
        if (url.endsWith("/write")) {
          writes.push(JSON.parse(String(init?.body)) as { device: { name: string }; data: string });
          return new Response("");
        }
        return new Response("^XA^FDone^XZ\n^XA^FDtwo^XZ\n", {
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        });
      }),
    );
    renderBatch(batchOf({ status: Batch_Status.SENT, actions: sentActions, labelType: LabelType.Zebra }));
    await user.click(await screen.findByRole("button", { name: "Print labels (ZPL)" }));
    await waitFor(() => expect(currentNotices().map((notice) => notice.text.id)).toContain("labelPrinted"));
    expect(writes).toHaveLength(1);
    expect(writes[0].device.name).toBe("Desk");
    expect(writes[0].data.match(/\^XA/g)).toHaveLength(2);
  });

  it("names the batch's stored labels to a network printer, and fetches no ZPL itself", async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => new Response("^XA^FDnot from the page^XZ\n"));
    vi.stubGlobal("fetch", fetch);
    savePrinterPreference("anna", { agent: "network", printer: "7", printerName: "Dock", dpi: 203 });
    const printed: unknown[] = [];
    renderBatch(
      batchOf({ status: Batch_Status.SENT, actions: sentActions, labelType: LabelType.Zebra }),
      [anna, bert],
      {
        printers: {
          listNetworkPrinters: () => ({ networkPrinters: [{ id: 7n, customerId: 5n, name: "Dock", dpi: 203 }] }),
          printLabels: (request) => {
            printed.push({ customerId: request.customerId, id: request.id, labels: request.labels });
            return { labels: 2 };
          },
        },
      },
    );
    await user.click(await screen.findByRole("button", { name: "Print labels (ZPL)" }));
    await waitFor(() => expect(currentNotices().map((notice) => notice.text.id)).toContain("labelPrinted"));
    expect(printed).toEqual([{ customerId: 5n, id: 7n, labels: { case: "batchId", value: 1n } }]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("tells the server's reason when a network printer's address is refused", async () => {
    const user = userEvent.setup();
    savePrinterPreference("anna", { agent: "network", printer: "7", printerName: "Dock", dpi: 203 });
    renderBatch(
      batchOf({ status: Batch_Status.SENT, actions: sentActions, labelType: LabelType.Zebra }),
      [anna, bert],
      {
        printers: {
          listNetworkPrinters: () => ({ networkPrinters: [{ id: 7n, customerId: 5n, name: "Dock", dpi: 203 }] }),
          printLabels: () => {
            throw portalFailure(Code.InvalidArgument, "error.networkPrinter.addressRefused");
          },
        },
      },
    );
    await user.click(await screen.findByRole("button", { name: "Print labels (ZPL)" }));
    await waitFor(() =>
      expect(currentNotices().map((notice) => notice.text.id)).toContain("error.networkPrinter.addressRefused"),
    );
  });

  it("tells when the printing agent cannot be reached", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url.includes("127.0.0.1:910")) throw new TypeError("Failed to fetch");
        return new Response("^XA^FDone^XZ\n", { headers: { "Content-Type": "text/plain; charset=utf-8" } });
      }),
    );
    renderBatch(batchOf({ status: Batch_Status.SENT, actions: sentActions, labelType: LabelType.Zebra }));
    await user.click(await screen.findByRole("button", { name: "Print labels (ZPL)" }));
    await waitFor(() =>
      expect(currentNotices().map((notice) => notice.text.id)).toContain("labelPrintingConnectionFailed"),
    );
  });

  it("warns instead of failing when the batch has no customs documents", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 404, message: "error.csvShipment.no-customsDocs-found" }), {
            status: 404,
            headers: { "Content-Type": "application/problem+json" },
          }),
      ),
    );
    renderBatch(batchOf({ status: Batch_Status.SENT, actions: sentActions, hasCustomsDocs: true }));
    await user.click(await screen.findByRole("button", { name: "Customs documents" }));
    await waitFor(() =>
      expect(currentNotices()).toEqual([
        expect.objectContaining({
          tone: "warning",
          text: expect.objectContaining({ message: "This batch has no customs documents." }),
        }),
      ]),
    );
  });

  it("offers admins the SOAP traffic and others not", async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(
      async () => new Response("<soap:Envelope/>", { headers: { "Content-Type": "text/xml; charset=utf-8" } }),
    );
    vi.stubGlobal("fetch", fetch);
    const { unmount } = renderBatch(batchOf({ status: Batch_Status.SENT, actions: sentActions }));
    await screen.findByRole("button", { name: "Labels (PDF)" });
    expect(screen.queryByRole("button", { name: "SOAP traffic" })).toBeNull();
    unmount();
    renderBatch(batchOf({ status: Batch_Status.SENT, actions: sentActions }), undefined, { authorities: [Role.admin] });
    await user.click(await screen.findByRole("button", { name: "SOAP traffic" }));
    await user.click(await screen.findByRole("menuitem", { name: "View responses" }));
    const dialog = await screen.findByRole("dialog", { name: "SOAP responses" });
    expect(dialog).toHaveTextContent("<soap:Envelope/>");
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toBe("/web/api/batches/1/traffic?kind=response");
  });
});
