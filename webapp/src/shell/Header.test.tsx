import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test/renderApp";

describe("header", () => {
  it("offers an anonymous visitor to sign in", async () => {
    const user = userEvent.setup();
    renderApp("/");
    await user.click(screen.getByRole("button", { name: "Account" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Sign in" })).toHaveAttribute("href", "/login");
  });

  it("lists report, tracking and customs documents under Info", async () => {
    const user = userEvent.setup();
    renderApp("/");
    await user.click(screen.getByRole("button", { name: "Info" }));
    const items = within(await screen.findByRole("menu")).getAllByRole("menuitem");
    expect(items.map((item) => item.getAttribute("href"))).toEqual(["/report", "/tracking", "/customs-docs"]);
  });

  it("opens a menu from the keyboard, also before the menus' code has arrived", async () => {
    const user = userEvent.setup();
    renderApp("/");
    const stand = screen.getByRole("button", { name: "Info" });
    stand.focus();
    await user.keyboard("{Enter}");
    const items = within(await screen.findByRole("menu")).getAllByRole("menuitem");
    expect(items.map((item) => item.getAttribute("href"))).toEqual(["/report", "/tracking", "/customs-docs"]);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(screen.getByRole("button", { name: "Info" })).toHaveFocus();
  });

  it("switches the page to the chosen language at once and keeps the choice for the session", async () => {
    const user = userEvent.setup();
    renderApp("/");
    await user.click(screen.getByRole("button", { name: "Language: English" }));
    await user.click(await screen.findByRole("menuitemradio", { name: "Deutsch" }));

    expect(await screen.findByRole("button", { name: "Sprache: Deutsch" })).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toHaveTextContent("ein Synchronisationswerkzeug für Sendungen");
    expect(document.documentElement.lang).toBe("de");
    expect(sessionStorage.getItem("portal.locale")).toBe("de");
  });
});
