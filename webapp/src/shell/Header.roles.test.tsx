import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Role } from "../auth/access";
import { renderApp, testProfile, type TestUser } from "../test/renderApp";

const bakery = { id: 1n, name: "Bäckerei Sonnenschein", crmid: "DE10000001", hubCountryCode: "DE" };
const books = { id: 2n, name: "Buchhandlung Seitenwind", crmid: "DE10000002", hubCountryCode: "DE" };
const garden = { id: 3n, name: "Tuincentrum De Linde", crmid: "NL10000003", hubCountryCode: "NL" };

type Item = [name: string, href: string | null];

/** Opens a header menu and lists its entries with where they lead, then closes it again. */
async function menu(name: string): Promise<Item[]> {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name }));
  const items = within(await screen.findByRole("menu")).getAllByRole("menuitem");
  const entries = items.map((item): Item => [item.textContent ?? "", item.getAttribute("href")]);
  await user.keyboard("{Escape}");
  await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  return entries;
}

const nav = () => within(screen.getByRole("navigation", { name: "Main navigation" }));
const brandHref = () => screen.getByRole("link", { name: "Parcel Portal" }).getAttribute("href");

async function signIn(user: TestUser, path = "/account/settings", profile = testProfile()) {
  renderApp(path, { signedInAs: user, management: { getInfo: () => ({ profile }) } });
  await screen.findByRole("button", { name: `Account: ${user.login ?? "anna"}` });
  // The signed-in parts of the header load lazily: wait for them, so that "absent" below means absent.
  await act(async () => {
    await Promise.all([import("./CustomerContext"), import("./AutoManifestMenu"), import("./AdminMenu")]);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const infoAll: Item[] = [
  ["Report", "/report"],
  ["Tracking", "/tracking"],
  ["Customs Docs", "/customs-docs"],
];

const adminOperations: Item[] = [
  ["Metrics", "/admin/metrics"],
  ["Health", "/admin/health"],
  ["Configuration", "/admin/configuration"],
  ["Audits", "/admin/audits"],
  ["Logs", "/admin/logs"],
  ["API documentation", "/admin/docs"],
  ["Database console", "/admin/database"],
];

describe("the shell per role (spec 1 §2, §6)", () => {
  it("ROLE_SUPERADMIN: administration without the business entries", async () => {
    await signIn({ authorities: [Role.superAdmin, Role.admin] });
    expect(brandHref()).toBe("/dashboard");
    expect(nav().getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(await menu("Info")).toEqual(infoAll);
    expect(screen.getByTestId("auto-manifest-menu")).toBeInTheDocument();
    expect(await menu("Administration")).toEqual([
      ["User management", "/admin/user-management"],
      ["Tenants", "/tenant"],
      // The legal pages are per tenant, and the super admin keeps tenants (issue 25).
      ["Legal pages", "/admin/legal-pages"],
      ...adminOperations,
    ]);
    // No customer to act for: no address book, which would only ask to choose one (issue 25).
    expect(await menu("Account: anna")).toEqual([
      ["Profile settings", "/account/settings"],
      ["Printer settings", "/account/printer"],
      ["API documentation", "/account/docs"],
      ["Password", "/account/password"],
      ["Sign out", "/logout"],
    ]);
  });

  it("ROLE_ADMIN: the whole administration menu", async () => {
    await signIn({ authorities: [Role.admin], customer: bakery });
    expect(await menu("Administration")).toEqual([
      ["User management", "/admin/user-management"],
      ["Customers", "/customer"],
      ["Fulfillments", "/fulfillment"],
      ["ACSS", "/acss"],
      ["Routing options", "/routing-options"],
      ["Invoice report", "/invoice-report"],
      ["Tenants", "/tenant"],
      ["Product codes", "/product-codes-doc"],
      ["CSV template", "/csv-template-doc"],
      ["News", "/news"],
      ["Legal pages", "/admin/legal-pages"],
      ...adminOperations,
    ]);
    expect(screen.getByTestId("auto-manifest-menu")).toBeInTheDocument();
    expect((await menu("Account: anna")).map(([name]) => name)).toEqual([
      "Address book",
      "Profile settings",
      "Printer settings",
      // An admin acting for a customer manages its webhooks (issue 27).
      "Webhooks",
      "API documentation",
      "Password",
      "Sign out",
    ]);
  });

  it("ROLE_ADMIN in production with the API docs switched off: neither docs nor database console", async () => {
    await signIn(
      { authorities: [Role.admin] },
      "/account/settings",
      testProfile({ inProduction: true, isSwaggerEnabled: false }),
    );
    const entries = (await menu("Administration")).map(([name]) => name);
    expect(entries).not.toContain("API documentation");
    expect(entries).not.toContain("Database console");
    expect(entries).toContain("Logs");
    expect((await menu("Account: anna")).map(([name]) => name)).not.toContain("API documentation");
  });

  it("ROLE_OPERATIONS: auto-manifest, no administration, and no address book without a customer", async () => {
    await signIn({ authorities: [Role.operations] });
    expect(brandHref()).toBe("/dashboard");
    expect(nav().getByRole("link", { name: "Home" })).toBeInTheDocument();
    expect(await menu("Info")).toEqual(infoAll);
    expect(screen.getByTestId("auto-manifest-menu")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Administration" })).toBeNull();
    expect((await menu("Account: anna")).map(([name]) => name)).toEqual([
      "Profile settings",
      "Printer settings",
      "Password",
      "Sign out",
    ]);
  });

  it("ROLE_USER with a customer: its name, the Shipping link and the customer entry", async () => {
    await signIn({ authorities: [Role.user], customer: bakery });
    expect(screen.getByTestId("customer-name")).toHaveTextContent("Bäckerei Sonnenschein");
    expect(nav().getByRole("link", { name: "Shipping" })).toHaveAttribute("href", "/batch");
    expect(nav().queryByRole("link", { name: "Home" })).toBeNull();
    expect(screen.getByTestId("auto-manifest-menu")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Administration" })).toBeNull();
    expect(await menu("Account: anna")).toEqual([
      ["Address book", "/address-book"],
      ["Profile settings", "/account/settings"],
      ["Customer", "/customer/1/edit"],
      ["Printer settings", "/account/printer"],
      ["Webhooks", "/webhooks"],
      ["Password", "/account/password"],
      ["Sign out", "/logout"],
    ]);
  });

  it("ROLE_USER of a fulfillment: the fulfillment's name and a customer selector with flags", async () => {
    const user = userEvent.setup();
    await signIn({
      login: "fiona",
      authorities: [Role.user],
      fulfillment: { id: 5n, name: "Rhein Fulfillment", customers: [books, garden] },
    });
    expect(screen.getByTestId("fulfillment-name")).toHaveTextContent("Rhein Fulfillment");
    // Nothing chosen yet: the first customer is preselected, so shipping is one click away.
    const selector = screen.getByRole("combobox", { name: "Active customer" });
    expect(selector).toHaveValue("Buchhandlung Seitenwind (DE10000002)");
    expect(nav().getByRole("link", { name: "Shipping" })).toHaveAttribute("href", "/batch");

    await user.click(selector);
    const options = within(screen.getByRole("listbox")).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "🇩🇪 Buchhandlung Seitenwind (DE10000002)",
      "🇳🇱 Tuincentrum De Linde (NL10000003)",
    ]);
    await user.clear(selector);
    await user.type(selector, "linde");
    await user.keyboard("{Enter}");

    expect(selector).toHaveValue("Tuincentrum De Linde (NL10000003)");
    expect(sessionStorage.getItem("portal.activeCustomer")).toBe("3");
    expect(nav().getByRole("link", { name: "Shipping" })).toHaveAttribute("href", "/batch");
    expect((await menu("Account: fiona")).map(([, href]) => href)).toContain("/customer/3/edit");
  });

  it("ROLE_CUSTOMER_SERVICE: report, tracking and customs documents, nothing for shipping", async () => {
    await signIn({ authorities: [Role.customerService] });
    expect(brandHref()).toBe("/dashboard");
    expect(nav().getByRole("link", { name: "Home" })).toBeInTheDocument();
    expect(await menu("Info")).toEqual(infoAll);
    expect(screen.queryByTestId("auto-manifest-menu")).toBeNull();
    expect(screen.queryByRole("button", { name: "Administration" })).toBeNull();
    expect((await menu("Account: anna")).map(([name]) => name)).toEqual(["Profile settings", "Password", "Sign out"]);
  });

  it("ROLE_API: the API documentation in the account menu", async () => {
    await signIn({ authorities: [Role.api] });
    expect(screen.queryByTestId("auto-manifest-menu")).toBeNull();
    expect(await menu("Account: anna")).toEqual([
      ["Profile settings", "/account/settings"],
      ["API documentation", "/account/docs"],
      ["Password", "/account/password"],
      ["Sign out", "/logout"],
    ]);
  });

  it("ROLE_TRACKING only: tracking and nothing else", async () => {
    await signIn({ authorities: [Role.tracking], customer: bakery });
    expect(brandHref()).toBe("/");
    expect(nav().queryByRole("link", { name: "Home" })).toBeNull();
    expect(nav().queryByRole("link", { name: "Shipping" })).toBeNull();
    expect(await menu("Info")).toEqual([["Tracking", "/tracking"]]);
    expect(screen.queryByTestId("auto-manifest-menu")).toBeNull();
    expect(screen.queryByRole("button", { name: "Administration" })).toBeNull();
    expect((await menu("Account: anna")).map(([name]) => name)).toEqual(["Profile settings", "Password", "Sign out"]);
  });

  it("anonymous: the way in, and no personal menus", async () => {
    renderApp("/");
    await screen.findByRole("button", { name: "Play the product video" });
    expect(brandHref()).toBe("/");
    expect(nav().getByRole("link", { name: "Home" })).toBeInTheDocument();
    expect(screen.queryByTestId("auto-manifest-menu")).toBeNull();
    expect(screen.queryByRole("button", { name: "Administration" })).toBeNull();
    expect(await menu("Account")).toEqual([
      ["Sign in", "/login"],
      ["Create an account", "/account/register"],
    ]);
  });
});
