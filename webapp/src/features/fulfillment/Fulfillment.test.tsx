import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import { renderApp } from "../../test/renderApp";

const admin = { login: "admin", authorities: [Role.admin] };
const books = { id: 2n, name: "Buchhandlung Seitenwind", crmid: "DE10000002" };
const bakery = { id: 1n, name: "Bäckerei Sonnenschein", crmid: "DE10000001" };
const rhein = { id: 5n, name: "Rhein Fulfillment", crmid: "DE99", customers: [books] };
const service = {
  listFulfillments: () => ({ fulfillments: [rhein], totalCount: 1n }),
  getFulfillment: () => ({ fulfillment: rhein }),
  listCustomerChoices: () => ({
    customers: [{ customer: bakery }, { customer: books, fulfillment: { id: 5n, name: "Rhein Fulfillment" } }],
  }),
};

describe("fulfillments (spec 3 §2, §4)", () => {
  it("lists name and CRM ID, and says when there are none", async () => {
    renderApp("/fulfillment", { signedInAs: admin, fulfillments: service });
    const row = await screen.findByRole("row", { name: /Rhein Fulfillment/ });
    expect(row).toHaveTextContent("DE99");
    expect(within(row).getByRole("link", { name: "Delete Rhein Fulfillment" })).toBeInTheDocument();
  });

  it("shows 'No Fulfillments found' for an empty list", async () => {
    renderApp("/fulfillment", {
      signedInAs: admin,
      fulfillments: { listFulfillments: () => ({ fulfillments: [], totalCount: 0n }) },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("No Fulfillments found");
  });

  it("asks before moving a customer of another fulfillment, then saves and returns to the list", async () => {
    const ui = userEvent.setup();
    const createFulfillment = vi.fn(() => ({ fulfillment: { id: 9n, name: "Maas" } }));
    const checkFulfillmentCustomers = vi.fn(() => ({
      customers: [{ customer: books, fulfillment: { id: 5n, name: "Rhein Fulfillment" } }],
    }));
    const { router } = renderApp("/fulfillment/new", {
      signedInAs: admin,
      fulfillments: { ...service, createFulfillment, checkFulfillmentCustomers },
    });
    await ui.type(await screen.findByLabelText("Name"), "Maas");
    await ui.click(screen.getByRole("button", { name: "Customers" }));
    await ui.click(await screen.findByRole("menuitemcheckbox", { name: /Buchhandlung Seitenwind/ }));
    await ui.keyboard("{Escape}");
    await ui.click(screen.getByRole("button", { name: "Save" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Customers of another fulfillment" });
    expect(within(dialog).getByTestId("moving-customers")).toHaveTextContent(
      "Buchhandlung Seitenwind (now with Rhein Fulfillment)",
    );
    expect(createFulfillment).not.toHaveBeenCalled();
    await ui.click(within(dialog).getByRole("button", { name: "Save anyway" }));
    await waitFor(() => expect(createFulfillment).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(router.state.location.pathname).toBe("/fulfillment"));
  });

  it("requires a name", async () => {
    const ui = userEvent.setup();
    const checkFulfillmentCustomers = vi.fn(() => ({ customers: [] }));
    renderApp("/fulfillment/new", { signedInAs: admin, fulfillments: { ...service, checkFulfillmentCustomers } });
    await ui.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("This field is required.")).toBeInTheDocument();
    expect(checkFulfillmentCustomers).not.toHaveBeenCalled();
  });

  it("shows the customers read-only on the detail page", async () => {
    renderApp("/fulfillment/5", { signedInAs: admin, fulfillments: service });
    expect(await screen.findByRole("cell", { name: "Buchhandlung Seitenwind" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Customers" })).toBeNull();
  });
});
