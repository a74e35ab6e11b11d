import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { activateLocale } from "../i18n/activateLocale";
import { Role } from "../auth/access";
import { renderApp } from "../test/renderApp";

const admin = { authorities: [Role.admin] };

describe("unknown paths", () => {
  it("show the not-found page to anyone for a path no route names", async () => {
    renderApp("/no/such/page");
    expect(await screen.findByText("The page does not exist.")).toBeInTheDocument();
  });

  // Inside a private area the guard comes first: the admin may enter, then finds nothing.
  it.each(["/account/no-such-page", "/admin/no-such-page"])("show the not-found page for %s", async (path) => {
    renderApp(path, { signedInAs: admin });
    expect(await screen.findByText("The page does not exist.")).toBeInTheDocument();
  });

  it("say so in the visitor's language", async () => {
    renderApp("/no/such/page");
    await act(() => activateLocale("de"));
    expect(await screen.findByText("Die Seite existiert nicht.")).toBeInTheDocument();
  });
});
