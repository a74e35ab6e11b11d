import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import { ErrorDetailSchema } from "../../gen/portal/v1/errors_pb";
import { portalFailure } from "../../test/connectErrors";
import { bakery, renderShippingApp } from "../../test/renderShippingApp";

const doc = (id: bigint, filename: string, downloaded = false) => ({
  id,
  filename,
  crmId: bakery.crmid,
  uploadedAt: timestampFromDate(new Date(2026, 4, 4, 8, 30)),
  uploadedBy: "carrier",
  lastDownloadedAt: downloaded ? timestampFromDate(new Date(2026, 4, 5, 9, 15)) : undefined,
  lastDownloadedBy: downloaded ? "user" : "",
});

describe("the customs documents page (spec 2 §2.6)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("lists the active customer's documents with dashes for no download, and bulk downloads a selection as one zip", async () => {
    const user = userEvent.setup();
    const crmIds: string[] = [];
    const bulk: bigint[][] = [];
    URL.createObjectURL = vi.fn(() => "blob:zip");
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderShippingApp("/customs-docs", {
      customsDocs: {
        listCustomsDocuments: (request) => {
          crmIds.push(request.crmId);
          return { customsDocuments: [doc(2n, "customs-CH2.pdf"), doc(1n, "customs-US1.pdf", true)] };
        },
        bulkDownloadCustomsDocuments: async function* (request) {
          bulk.push(request.documentIds);
          yield { file: { contentType: "application/zip", data: new TextEncoder().encode("PK") } };
          yield { file: { data: new TextEncoder().encode("\u0003\u0004") } };
        },
      },
    });
    const fresh = await screen.findByRole("row", { name: /customs-CH2\.pdf/ });
    expect(crmIds[0]).toBe(bakery.crmid);
    for (const header of [
      "File name",
      "CRM id",
      "Uploaded at",
      "Uploaded by",
      "Last downloaded at",
      "Last downloaded by",
    ]) {
      expect(screen.getByRole("columnheader", { name: header })).toBeInTheDocument();
    }
    expect(within(fresh).getAllByText("-")).toHaveLength(2);
    expect(within(screen.getByRole("row", { name: /customs-US1\.pdf/ })).getByText("user")).toBeInTheDocument();
    // No bar before a selection.
    expect(screen.queryByRole("button", { name: "Bulk download" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Select customs-CH2.pdf" }));
    await user.click(screen.getByRole("checkbox", { name: "Select customs-US1.pdf" }));
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Bulk download" }));
    await waitFor(() => expect(bulk).toEqual([[2n, 1n]]));
    expect(await screen.findByText("2 customs documents downloaded.")).toBeInTheDocument();
    expect(saved).toContain("customs-documents.zip");
    // The streamed pieces make one zip file.
    expect(URL.createObjectURL).toHaveBeenCalledWith(expect.objectContaining({ size: 4, type: "application/zip" }));
    // The selection is cleared and the list reloaded.
    await waitFor(() => expect(screen.queryByText("2 selected")).not.toBeInTheDocument());
    await waitFor(() => expect(crmIds.length).toBeGreaterThan(1));
  });

  it("clears a selection", async () => {
    const user = userEvent.setup();
    renderShippingApp("/customs-docs", {
      customsDocs: { listCustomsDocuments: () => ({ customsDocuments: [doc(3n, "a.pdf")] }) },
    });
    await user.click(await screen.findByRole("checkbox", { name: "Select a.pdf" }));
    await user.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.queryByRole("button", { name: "Bulk download" })).not.toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Select a.pdf" })).not.toBeChecked();
  });

  it("shows the empty state", async () => {
    renderShippingApp("/customs-docs", { customsDocs: { listCustomsDocuments: () => ({ customsDocuments: [] }) } });
    expect(await screen.findByText("No customs documents found.", {})).toBeInTheDocument();
  });

  it("downloads one document under the server's name and tells a failed download or bulk download", async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => "blob:pdf");
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const fetched: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = String(input);
      fetched.push(url);
      if (url.includes("/web/api/customs-documents/7")) {
        return new Response("%PDF", {
          headers: {
            "Content-Type": "application/pdf",
            "Content-Disposition": 'attachment; filename="customs-CH7.pdf"',
          },
        });
      }
      return new Response(JSON.stringify({ message: "error.customsDocs.notFound" }), {
        status: 404,
        headers: { "Content-Type": "application/problem+json" },
      });
    });
    renderShippingApp("/customs-docs", {
      customsDocs: {
        listCustomsDocuments: () => ({ customsDocuments: [doc(7n, "customs-CH7.pdf"), doc(8n, "gone.pdf")] }),
        // eslint-disable-next-line require-yield -- a refusal comes before the first piece
        bulkDownloadCustomsDocuments: async function* () {
          throw new ConnectError("too many", Code.InvalidArgument, undefined, [
            {
              desc: ErrorDetailSchema,
              value: { messageKey: "error.customsDocs.tooManySelected", params: { selected: "201", max: "200" } },
            },
          ]);
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Download customs-CH7.pdf" }));
    await waitFor(() => expect(saved).toContain("customs-CH7.pdf"));
    expect(fetched[0]).toMatch(/^\/web\/api\/customs-documents\/7\?cacheBuster=/);
    await user.click(screen.getByRole("button", { name: "Download gone.pdf" }));
    expect(await screen.findByText("The customs document could not be downloaded.")).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Select all customs documents" }));
    await user.click(screen.getByRole("button", { name: "Bulk download" }));
    expect(await screen.findByText("The customs documents could not be downloaded.")).toBeInTheDocument();
    expect(
      screen.getByText("201 customs documents are selected; at most 200 can be downloaded at once."),
    ).toBeInTheDocument();
  });

  it("tells a list that failed to load, and lists every customer's documents for customer service", async () => {
    const crmIds: string[] = [];
    renderShippingApp("/customs-docs", {
      authorities: [Role.customerService],
      customer: null,
      customsDocs: {
        listCustomsDocuments: (request) => {
          crmIds.push(request.crmId);
          throw portalFailure(Code.Unavailable, "error.http.503");
        },
      },
    });
    expect(await screen.findByText("The customs documents could not be loaded.", {})).toBeInTheDocument();
    expect(crmIds[0]).toBe("");
  });

  it("lets an admin upload a PDF for a CRM id, and shows the server's refusal in the dialog", async () => {
    // The browser's file picker could be told to take any file: the server judges the type.
    const user = userEvent.setup({ applyAccept: false });
    const uploads: { crmId: string; identifier: string; filename: string; content: Uint8Array }[] = [];
    renderShippingApp("/customs-docs", {
      authorities: [Role.admin],
      customsDocs: {
        listCustomsDocuments: () => ({ customsDocuments: [] }),
        uploadCustomsDocument: (request) => {
          uploads.push(request);
          if (request.filename === "scan.txt") {
            throw portalFailure(Code.InvalidArgument, "error.customsDocs.fileType");
          }
          return { customsDocument: doc(9n, request.filename) };
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Upload a customs document" }));
    const dialog = screen.getByRole("dialog", { name: "Upload a customs document" });
    expect(within(dialog).getByLabelText("CRM id")).toHaveValue(bakery.crmid);
    await user.type(within(dialog).getByLabelText("Identifier (optional)"), "CH1");
    await user.upload(
      within(dialog).getByLabelText("PDF file"),
      new File(["plain"], "scan.txt", { type: "text/plain" }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(await within(dialog).findByText("Only PDF files can be uploaded as customs documents.")).toBeInTheDocument();
    await user.upload(
      within(dialog).getByLabelText("PDF file"),
      new File(["%PDF-1.4"], "scan.pdf", { type: "application/pdf" }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Upload" }));
    expect(await screen.findByText("The customs document was uploaded.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(uploads.at(-1)).toMatchObject({ crmId: bakery.crmid, identifier: "CH1", filename: "scan.pdf" });
    expect(new TextDecoder().decode(uploads.at(-1)!.content)).toBe("%PDF-1.4");
  });

  it("offers no upload to a user", async () => {
    renderShippingApp("/customs-docs", { customsDocs: { listCustomsDocuments: () => ({ customsDocuments: [] }) } });
    expect(await screen.findByText("No customs documents found.", {})).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Upload a customs document" })).not.toBeInTheDocument();
  });
});
