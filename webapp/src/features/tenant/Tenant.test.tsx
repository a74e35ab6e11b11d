import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import type { Tenant } from "../../gen/portal/v1/tenants_pb";
import { renderApp } from "../../test/renderApp";

const superAdmin = { login: "superadmin", authorities: [Role.superAdmin, Role.admin] };
const admin = { login: "admin", authorities: [Role.admin] };
const hub = (id: bigint, name: string, isDefault: boolean) => ({
  id,
  name,
  street: "Am Hafen 5",
  zipCode: "20457",
  city: "Hamburg",
  countryCode: "DE",
  isDefault,
});
const tenant = {
  id: 7n,
  subsidiary: "Parcel Portal Germany",
  name: "PP-DE",
  a1Username: "demo",
  a1PasswordSet: true,
  hubs: [hub(1n, "Frankfurt Hub", true), hub(2n, "Hamburg Hub", false)],
};
const tenants = {
  listTenants: () => ({ tenants: [tenant], totalCount: 1n }),
  getTenant: () => ({ tenant }),
};

describe("tenants (spec 3 §2, §4, §6)", () => {
  it("lists subsidiaries with their hubs, the default highlighted, and lets the super admin create and delete", async () => {
    renderApp("/tenant", { signedInAs: superAdmin, tenants });
    const row = await screen.findByRole("row", { name: /Parcel Portal Germany/ });
    const hubs = within(row).getAllByTestId("hub");
    expect(hubs.map((h) => h.dataset.default)).toEqual(["true", "false"]);
    expect(within(hubs[0]).getByText("Default")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create a new tenant" })).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "Delete Parcel Portal Germany" })).toBeInTheDocument();
  });

  it("shows an admin no create or delete", async () => {
    renderApp("/tenant", { signedInAs: admin, tenants });
    const row = await screen.findByRole("row", { name: /Parcel Portal Germany/ });
    expect(within(row).getByRole("link", { name: "Edit Parcel Portal Germany" })).toBeInTheDocument();
    expect(within(row).queryByRole("link", { name: "Delete Parcel Portal Germany" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Create a new tenant" })).toBeNull();
  });

  it("switches the default hub, keeps delete off for the last hub, and sends no secret it never had", async () => {
    const ui = userEvent.setup();
    const updateTenant = vi.fn((request: { tenant?: Tenant }) => ({ tenant: request.tenant }));
    const { router } = renderApp("/tenant/7/edit", { signedInAs: admin, tenants: { ...tenants, updateTenant } });
    const forms = await screen.findAllByTestId("hub-form");
    await ui.click(within(forms[1]).getByRole("button", { name: "Set as default" }));
    expect(screen.getAllByTestId("hub-form").map((f) => f.dataset.default)).toEqual(["false", "true"]);
    await ui.click(screen.getByRole("button", { name: "Delete hub 1" }));
    expect(screen.getAllByTestId("hub-form")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Delete hub 1" })).toBeDisabled();
    await ui.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(updateTenant).toHaveBeenCalledTimes(1));
    const saved = updateTenant.mock.calls[0][0].tenant!;
    expect(saved.hubs.map((h) => [h.name, h.isDefault])).toEqual([["Hamburg Hub", true]]);
    expect(saved.a1Password).toBe("");
    await waitFor(() => expect(router.state.location.pathname).toBe("/tenant"));
  });

  it("shows a green check or a red cross for a credential check", async () => {
    const ui = userEvent.setup();
    const checkTenantCredentials = vi.fn((request: { password: string }) => ({ valid: request.password === "right" }));
    renderApp("/tenant/7/edit", { signedInAs: admin, tenants: { ...tenants, checkTenantCredentials } });
    await ui.click(await screen.findByRole("button", { name: "Check a1 API credentials" }));
    expect(await screen.findByRole("img", { name: "Credentials refused" })).toBeInTheDocument();
    await ui.type(screen.getByLabelText("a1 API password"), "right");
    await ui.click(screen.getByRole("button", { name: "Check a1 API credentials" }));
    expect(await screen.findByRole("img", { name: "Credentials accepted" })).toBeInTheDocument();
    expect(checkTenantCredentials.mock.calls[0][0]).toMatchObject({ type: "a1", username: "demo", tenantId: 7n });
  });
});
