import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import { renderAdminApp } from "../../test/renderAdminApp";

/** The areas load lazily; on a busy machine the first screen takes a while. */

const docs = [
  { id: 1n, name: "Codes 2026", fileName: "codes.pdf", active: true, size: 3n },
  { id: 2n, name: "Codes 2025", fileName: "old.pdf", active: false, size: 3n },
];

describe("documents, acss, news and the invoice report (spec 3 §2)", () => {
  let createObjectURL: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    createObjectURL = vi.fn(() => "blob:test");
    URL.createObjectURL = createObjectURL as never;
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it("hides delete for the active product-codes document only", async () => {
    renderAdminApp("/product-codes-doc", { documents: { listProductCodesDocs: () => ({ productCodesDocs: docs }) } });
    const active = (await screen.findByRole("rowheader", { name: "Codes 2026" })).closest("tr")!;
    expect(within(active).queryByRole("link", { name: "Delete Codes 2026" })).toBeNull();
    const old = screen.getByRole("rowheader", { name: "Codes 2025" }).closest("tr")!;
    expect(within(old).getByRole("link", { name: "Delete Codes 2025" })).toHaveAttribute(
      "href",
      "/product-codes-doc/2/delete",
    );
  });

  it("shows delete for every CSV-template document", async () => {
    renderAdminApp("/csv-template-doc", { documents: { listCsvTemplateDocs: () => ({ csvTemplateDocs: docs }) } });
    expect(await screen.findByRole("link", { name: "Delete Codes 2026" })).toBeInTheDocument();
  });

  it("requires a name and a file before it sends anything", async () => {
    const create = vi.fn(() => ({ document: docs[0] }));
    const user = userEvent.setup();
    renderAdminApp("/csv-template-doc/new", {
      documents: { listCsvTemplateDocs: () => ({ csvTemplateDocs: [] }), createCsvTemplateDoc: create },
    });
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findAllByText("This field is required.")).toHaveLength(2);
    expect(create).not.toHaveBeenCalled();
  });

  it("moves news with the keyboard buttons and sends the new position", async () => {
    const moves: { id: bigint; value: number }[] = [];
    const user = userEvent.setup();
    const items = [
      { id: 7n, summaryEn: "First", order: 0 },
      { id: 8n, summaryEn: "Second", order: 1 },
      { id: 9n, summaryEn: "Third", order: 2 },
    ];
    renderAdminApp("/news", {
      news: {
        listNews: () => ({ news: items }),
        moveNews: ({ id, value }) => {
          moves.push({ id, value });
          return {};
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Move Third up" }));
    await waitFor(() => expect(moves).toEqual([{ id: 9n, value: 1 }]));
    expect(screen.getByRole("button", { name: "Move First up" })).toBeDisabled();
  });

  it("renders a news item's sanitized articles in three languages", async () => {
    renderAdminApp("/news/7", {
      news: {
        getNews: () => ({
          news: { id: 7n, summaryEn: "Hello", articleEn: "<p><strong>New</strong> rates</p>", summaryDe: "Hallo" },
        }),
      },
    });
    expect(await screen.findByText("New", {})).toHaveProperty("tagName", "STRONG");
    expect(screen.getByRole("heading", { name: "German" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Dutch" })).toBeInTheDocument();
  });

  it("asks for a month before a monthly invoice report and names the file as the server does", async () => {
    const monthly = vi.fn(() => ({ file: { contentType: "text/csv", data: new TextEncoder().encode("a\n") } }));
    const user = userEvent.setup();
    renderAdminApp("/invoice-report", { invoiceReports: { getMonthlyInvoiceReport: monthly } });
    await user.click(await screen.findByRole("button", { name: "Download" }));
    expect(await screen.findByText("Please select a month and a year.")).toBeInTheDocument();
    expect(monthly).not.toHaveBeenCalled();
    await user.click(screen.getByRole("combobox", { name: "Year" }));
    await user.click(await screen.findByRole("option", { name: String(new Date().getFullYear()) }));
    await user.click(screen.getByRole("combobox", { name: "Month" }));
    await user.click(await screen.findByRole("option", { name: "March" }));
    await user.click(screen.getByRole("button", { name: "Download" }));
    const year = new Date().getFullYear();
    expect(await screen.findByText(`The invoice report invoice-report-${year}-03.csv was downloaded.`)).toBeVisible();
    expect(monthly).toHaveBeenCalledTimes(1);
    expect(createObjectURL).toHaveBeenCalled();
  });

  it("keeps the pages from a tracking-only user", async () => {
    renderAdminApp("/news", { authorities: [Role.customerService] });
    expect(await screen.findByText("You are not authorized to access this page.", {})).toBeInTheDocument();
  });
});
