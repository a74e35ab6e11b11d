import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { activateLocale } from "../i18n/activateLocale";
import { renderApp } from "../test/renderApp";

describe("unknown paths", () => {
  it.each(["/no/such/page", "/account/no-such-page", "/admin/no-such-page"])(
    "show the not-found page for %s",
    async (path) => {
      renderApp(path);
      expect(await screen.findByText("The page does not exist.")).toBeInTheDocument();
    },
  );

  it("say so in the visitor's language", async () => {
    renderApp("/no/such/page");
    await act(() => activateLocale("de"));
    expect(await screen.findByText("Die Seite existiert nicht.")).toBeInTheDocument();
  });
});
