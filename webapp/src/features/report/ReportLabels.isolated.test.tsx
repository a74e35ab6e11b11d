import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ErrorDetailSchema } from "../../gen/portal/v1/errors_pb";
import { Code, ConnectError } from "@connectrpc/connect";
import type { Printable } from "../../printing/port";
import { savePrinterPreference } from "../../printing/preferences";
import { renderShippingApp } from "../../test/renderShippingApp";
import { isZplFile, printsZpl } from "./ReportLabelsButton";
import { ReportRow_Status } from "../../gen/portal/v1/reports_pb";
import { LabelType } from "../../gen/portal/v1/vocabulary_pb";

// The printer is the user's (Browser Print, QZ Tray, a network printer): the
// report hands the labels (what they are, and how to fetch their ZPL) to
// usePrintLabels, here a spy that fetches the ZPL as an agent's print does.
const printed = vi.hoisted(() => ({ jobs: [] as string[], selections: [] as unknown[] }));
vi.mock("../../printing/usePrintLabels", () => ({
  usePrintLabels: () => ({
    printLabels: async (labels: Printable) => {
      printed.selections.push(labels.selection);
      printed.jobs.push(await labels.zpl());
      return true;
    },
    progress: null,
    printing: false,
    labelType: LabelType.Zebra,
  }),
}));

const twoLabels = "^XA^FDTR1^FS^XZ\n^XA^FDTR2^FS^XZ\n";

const row = (id: bigint, labelType: LabelType) => ({
  shipmentId: id,
  customerId: 5n,
  referenceNumber: `ORD-${id}`,
  recipientName: "Anna Berg",
  identifier: `TR${id}`,
  status: ReportRow_Status.SENT,
  service: "CUP",
  labelType,
});

/** The report of two rows of `labelType`, whose label exports answer `file`. */
function renderReport(labelType: LabelType, printerType: LabelType, file: { contentType: string; data: Uint8Array }) {
  const calls = { byIds: [] as bigint[][], byFilter: [] as string[] };
  renderShippingApp("/report", {
    reports: {
      searchReport: () => ({ rows: [row(1n, labelType), row(2n, labelType)], totalCount: 2n }),
      downloadReportLabelsByIds: (request) => {
        calls.byIds.push(request.shipmentIds);
        return { file };
      },
      downloadReportLabels: (request) => {
        calls.byFilter.push(request.pageableFilter);
        return { file };
      },
    },
    customers: { getPrinterSettings: () => ({ printerSettings: { labelType: printerType } }) },
  });
  return calls;
}

describe("the report's label exports (spec 2 §5.3, §7)", () => {
  beforeEach(() => {
    printed.jobs = [];
    printed.selections = [];
    localStorage.clear();
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("prints the ZPL labels of a selection on a Zebra customer's printer, and locks the button", async () => {
    const user = userEvent.setup();
    const calls = renderReport(LabelType.Zebra, LabelType.ZPL, {
      contentType: "text/plain; charset=utf-8",
      data: new TextEncoder().encode(twoLabels),
    });
    await user.click(await screen.findByRole("checkbox", { name: "Select TR1" }));
    await user.click(screen.getByRole("checkbox", { name: "Select TR2" }));
    const print = await screen.findByRole("button", { name: "Print labels of the selection" });
    await user.click(print);
    await waitFor(() => expect(printed.jobs).toEqual([twoLabels]));
    expect(calls.byIds).toEqual([[1n, 2n]]);
    // A network printer gets the same labels from the server: the chosen shipments.
    expect(printed.selections).toEqual([{ case: "shipments", value: { ids: [1n, 2n] } }]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    // Spec 2 §4.4: locked for 5 s after a click.
    expect(print).toBeDisabled();
  });

  it("prints the result's ZPL labels for a user who chose a printer in this browser", async () => {
    const user = userEvent.setup();
    savePrinterPreference("anna", { agent: "browserPrint", printer: "Zebra ZD421", dpi: 300 });
    const calls = renderReport(LabelType.Zebra300, LabelType.PDF, {
      contentType: "text/plain; charset=utf-8",
      data: new TextEncoder().encode(twoLabels),
    });
    await screen.findByRole("rowheader", { name: "ORD-1" });
    // Nothing chosen: the labels of the whole result, whose types the search does not name.
    await user.click(screen.getByRole("button", { name: "Labels of the result" }));
    await waitFor(() => expect(printed.jobs).toEqual([twoLabels]));
    expect(calls.byFilter).toHaveLength(1);
    expect(printed.selections).toEqual([{ case: "reportSearch", value: expect.any(String) }]);
  });

  it("downloads PDF labels, and ZPL ones for a customer without a ZPL printer", async () => {
    const user = userEvent.setup();
    renderReport(LabelType.PDF, LabelType.PDF, {
      contentType: "application/pdf",
      data: new TextEncoder().encode("%PDF"),
    });
    await user.click(await screen.findByRole("checkbox", { name: "Select TR1" }));
    await user.click(screen.getByRole("button", { name: "Labels of the selection" }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
    expect(printed.jobs).toEqual([]);
    expect(await screen.findByText("The file was downloaded.")).toBeInTheDocument();
  });

  it("tells a mixed selection apart by its key and prints nothing", async () => {
    const user = userEvent.setup();
    renderShippingApp("/report", {
      reports: {
        searchReport: () => ({ rows: [row(1n, LabelType.Zebra), row(2n, LabelType.PDF)], totalCount: 2n }),
        downloadReportLabelsByIds: () => {
          throw new ConnectError("mixed", Code.FailedPrecondition, undefined, [
            { desc: ErrorDetailSchema, value: { messageKey: "error.dontMixLabelTypes", params: {} } },
          ]);
        },
      },
      customers: { getPrinterSettings: () => ({ printerSettings: { labelType: LabelType.ZPL } }) },
    });
    await user.click(await screen.findByRole("checkbox", { name: "Select TR1" }));
    await user.click(screen.getByRole("checkbox", { name: "Select TR2" }));
    // Not every chosen label is ZPL: the button does not promise a print.
    await user.click(screen.getByRole("button", { name: "Labels of the selection" }));
    expect(await screen.findByText(/different types/i, undefined)).toBeInTheDocument();
    expect(printed.jobs).toEqual([]);
  });
});

describe("printsZpl and isZplFile", () => {
  it("print for ZPL printer types or a chosen printer, and tell ZPL files from PDF", () => {
    expect(printsZpl(LabelType.ZPL, null)).toBe(true);
    expect(printsZpl(LabelType.Zebra300, null)).toBe(true);
    expect(printsZpl(LabelType.PDF, null)).toBe(false);
    expect(printsZpl(undefined, null)).toBe(false);
    expect(printsZpl(LabelType.PDF, { agent: "network", printer: "7", dpi: 203 })).toBe(true);
    expect(isZplFile("text/plain; charset=utf-8")).toBe(true);
    expect(isZplFile("application/pdf")).toBe(false);
  });
});
