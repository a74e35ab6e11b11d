import { create } from "@bufbuild/protobuf";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentNotices } from "../../../errors/notices";
import { BatchSchema, type CreateBatchRequest, Batch_Status } from "../../../gen/portal/v1/batches_pb";
import { Code, portalFailure } from "../../../test/connectErrors";
import { renderShippingApp } from "../../../test/renderShippingApp";

const csv = (name = "march.csv", text = "name;city\nAnna;Berlin\n") => new File([text], name, { type: "text/csv" });

describe("the upload (spec 2 §2.1, §5.1)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("offers Excel workbooks beside CSV files", async () => {
    renderShippingApp("/batch/new");
    const input = await screen.findByLabelText<HTMLInputElement>("CSV or Excel file", {});
    expect(input.accept.split(",")).toEqual(expect.arrayContaining([".csv", ".xlsx"]));
  });

  it("fails with 'choose customer' without an active customer and sends nothing", async () => {
    const user = userEvent.setup();
    const createBatch = vi.fn(() => ({ batch: create(BatchSchema, { id: 42n }) }));
    renderShippingApp("/batch/new", { customer: null, batches: { createBatch } });
    await user.upload(await screen.findByLabelText("CSV or Excel file", {}), csv());
    await waitFor(() =>
      expect(currentNotices()).toEqual([
        expect.objectContaining({
          text: expect.objectContaining({ message: "Please choose a customer before you upload a file." }),
        }),
      ]),
    );
    expect(createBatch).not.toHaveBeenCalled();
  });

  it("sends the file's bytes for the active customer and opens the new batch", async () => {
    const user = userEvent.setup();
    const requests: CreateBatchRequest[] = [];
    const { router } = renderShippingApp("/batch/new", {
      batches: {
        createBatch: (request) => {
          requests.push(request);
          return { batch: create(BatchSchema, { id: 42n, csvFileName: "march.csv", status: Batch_Status.CREATED }) };
        },
        getBatch: () => ({
          batch: create(BatchSchema, { id: 42n, csvFileName: "march.csv", status: Batch_Status.CREATED }),
        }),
        listValidatedShipments: () => ({ validatedShipments: [] }),
      },
    });
    await user.upload(await screen.findByLabelText("CSV or Excel file", {}), csv());
    await waitFor(() => expect(router.state.location.pathname).toBe("/batch/42"));
    expect(requests).toHaveLength(1);
    expect(requests[0].customer?.id).toBe(5n);
    expect(requests[0].csvFileName).toBe("march.csv");
    expect(new TextDecoder().decode(requests[0].csv)).toBe("name;city\nAnna;Berlin\n");
    // The focus lands on the new batch, not on the page (issue 25).
    await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "march.csv" })).toHaveFocus());
  });

  it("shows the server's reason for a file it cannot read, translated", async () => {
    const user = userEvent.setup();
    renderShippingApp("/batch/new", {
      batches: {
        createBatch: () => {
          throw portalFailure(Code.InvalidArgument, "error.csv.brokenQuotes", []);
        },
      },
    });
    await user.upload(await screen.findByLabelText("CSV or Excel file", {}), csv());
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    // The key with its parameter comes from the server; the text is the catalog's.
    expect(screen.getByRole("alert").textContent).toMatch(/quotation marks/);
  });

  it("accepts one dropped file only", async () => {
    const createBatch = vi.fn(() => ({ batch: create(BatchSchema, { id: 42n }) }));
    renderShippingApp("/batch/new", { batches: { createBatch } });
    const zone = (await screen.findByLabelText("CSV or Excel file", {})).closest("label")!;
    fireEvent.drop(zone, { dataTransfer: { files: [csv("a.csv"), csv("b.csv")] } });
    expect(await screen.findByText("Please choose exactly one file.")).toBeInTheDocument();
    expect(createBatch).not.toHaveBeenCalled();
  });

  it("offers the active CSV template for download", async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => "blob:template");
    URL.revokeObjectURL = vi.fn();
    const active = vi.fn(() => ({
      document: {
        id: 3n,
        fileName: "template.csv",
        documentContentType: "text/csv",
        document: new TextEncoder().encode("name;city\n"),
      },
    }));
    renderShippingApp("/batch/new", { documents: { getActiveCsvTemplateDoc: active } });
    await user.click(await screen.findByRole("button", { name: "CSV template" }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(active).toHaveBeenCalledTimes(1);
  });
});
