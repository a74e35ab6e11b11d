import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { act, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LegalPageKind, type ReadLegalPageRequest } from "../gen/portal/v1/documents_pb";
import { activateLocale } from "../i18n/activateLocale";
import { renderApp } from "../test/renderApp";
import { paragraphsOf } from "./LegalPage";

const notPublished = () => {
  throw new ConnectError("error.legalPage.notPublished", Code.NotFound);
};

describe("legal pages (issue 25)", () => {
  it("say plainly that a page is not published, instead of filler that reads like one", async () => {
    renderApp("/legal/privacy", { documents: { readLegalPage: notPublished } });
    expect(await screen.findByRole("heading", { level: 1, name: "Cookies and privacy" })).toBeInTheDocument();
    expect(await screen.findByText(/Not published yet/)).toBeInTheDocument();
    expect(screen.queryByTestId("legal-text")).not.toBeInTheDocument();
  });

  it("show the published text in the visitor's language as text, paragraph by paragraph", async () => {
    const asked: ReadLegalPageRequest[] = [];
    renderApp("/legal/imprint", {
      documents: {
        readLegalPage: (request) => {
          asked.push(request);
          return {
            legalPage: {
              kind: LegalPageKind.IMPRINT,
              locale: "en",
              body: "Parcel Portal Ltd\n1 Example Street\n\n<script>alert(1)</script>",
              updatedAt: timestampFromDate(new Date(2026, 10, 28, 12)),
            },
          };
        },
      },
    });
    const text = await screen.findByTestId("legal-text");
    expect(text).toHaveAttribute("lang", "en");
    const paragraphs = text.querySelectorAll("p");
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]).toHaveTextContent("Parcel Portal Ltd 1 Example Street");
    expect(paragraphs[1].textContent).toBe("<script>alert(1)</script>");
    expect(document.querySelector("[data-testid=legal-text] script")).toBeNull();
    expect(screen.getByText(/Last updated on/)).toBeInTheDocument();
    expect(screen.queryByText(/not available in your language/)).not.toBeInTheDocument();
    expect(asked[0]).toMatchObject({ kind: LegalPageKind.IMPRINT, locale: "en" });
  });

  it("name the language when the page is shown in another one than the visitor's", async () => {
    const readLegalPage = vi.fn((request: ReadLegalPageRequest) => ({
      legalPage: { kind: request.kind, locale: "de", body: "Impressum" },
    }));
    renderApp("/legal/terms", { documents: { readLegalPage } });
    expect(
      await screen.findByText("This page is not available in your language. It is shown in Deutsch."),
    ).toBeInTheDocument();
    expect(screen.getByTestId("legal-text")).toHaveAttribute("lang", "de");
    expect(readLegalPage.mock.calls[0][0]).toMatchObject({ kind: LegalPageKind.TERMS, locale: "en" });

    await act(() => activateLocale("de"));
    await vi.waitFor(() => expect(readLegalPage.mock.calls.some(([r]) => r.locale === "de")).toBe(true));
    expect(await screen.findByText("Impressum")).toBeInTheDocument();
    expect(screen.queryByText(/nicht verfügbar/)).not.toBeInTheDocument();
  });

  it("say so when the page cannot be loaded", async () => {
    renderApp("/legal/notice", {
      documents: {
        readLegalPage: () => {
          throw new ConnectError("down", Code.Unavailable);
        },
      },
    });
    expect(await screen.findByText("This page could not be loaded. Please try again later.")).toBeInTheDocument();
  });

  it("part paragraphs at blank lines and keep single line ends", () => {
    expect(paragraphsOf("A\nB\n\n  \n\nC\n \nD")).toEqual(["A\nB", "C", "D"]);
    expect(paragraphsOf("  ")).toEqual([]);
  });
});
