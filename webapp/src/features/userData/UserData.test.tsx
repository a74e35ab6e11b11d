import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import type { UserData } from "../../gen/portal/v1/user_data_pb";
import { renderApp } from "../../test/renderApp";

const admin = { login: "admin", authorities: [Role.admin] };
const books = { id: 2n, name: "Buchhandlung Seitenwind", crmid: "DE10000002" };
const garden = { id: 3n, name: "Tuincentrum De Linde", crmid: "NL10000003" };
const links = [
  {
    id: 11n,
    user: { login: "fulfillment" },
    fulfillment: { id: 5n, name: "Rhein Fulfillment", customers: [books, garden] },
  },
  { id: 12n, user: { login: "user" }, customer: { id: 1n, name: "Bäckerei Sonnenschein", crmid: "DE10000001" } },
];

const pendingRequests = [
  {
    id: 21n,
    login: "mallory",
    email: "mallory@example.org",
    crmid: "DE10000001",
    requestReason: "I ship for the bakery.",
    requestedAt: "2026-11-25T09:30:00Z",
    customer: { id: 1n, name: "Bäckerei Sonnenschein", crmid: "DE10000001" },
  },
  { id: 22n, login: "piet", email: "piet@example.org", crmid: "NL99999999", requestReason: "", requestedAt: "" },
];

const portal = (items = links, pending: typeof pendingRequests = []) => ({
  listUserData: () => ({ userData: items, totalCount: BigInt(items.length) }),
  getUserData: ({ id }: { id: bigint }) => ({ userData: items.find((link) => link.id === id) }),
  listPendingRegistrations: () => ({ requests: pending, totalCount: BigInt(pending.length) }),
});

describe("user data (spec 3 §2)", () => {
  it("lists login, fulfillment and customer as links", async () => {
    renderApp("/user-data", { signedInAs: admin, userData: portal() });
    const row = (await screen.findByRole("rowheader", { name: "user" })).closest("tr")!;
    expect(within(row).getByRole("link", { name: "user" })).toHaveAttribute("href", "/admin/user-management/user");
    expect(within(row).getByRole("link", { name: "Bäckerei Sonnenschein" })).toHaveAttribute("href", "/customer/1");
    const fulfillmentRow = screen.getByRole("rowheader", { name: "fulfillment" }).closest("tr")!;
    expect(within(fulfillmentRow).getByRole("link", { name: "Rhein Fulfillment" })).toHaveAttribute(
      "href",
      "/fulfillment/5",
    );
  });

  it("shows a not-found alert for an empty list", async () => {
    renderApp("/user-data", { signedInAs: admin, userData: portal([]) });
    expect(await screen.findByRole("alert")).toHaveTextContent("No User Data found");
  });

  it("keeps the user read-only when editing and leaves out an emptied reference", async () => {
    const ui = userEvent.setup();
    const updateUserData = vi.fn((request: { userData?: UserData }) => ({ userData: request.userData }));
    renderApp("/user-data/12/edit", {
      signedInAs: admin,
      userData: { ...portal(), updateUserData },
      fulfillments: {
        listFulfillments: () => ({ fulfillments: [{ id: 5n, name: "Rhein Fulfillment" }], totalCount: 1n }),
        listCustomerChoices: () => ({
          customers: [
            { customer: { id: 1n, name: "Bäckerei Sonnenschein", crmid: "DE10000001" } },
            { customer: books, fulfillment: { id: 5n, name: "Rhein Fulfillment" } },
            { customer: garden, fulfillment: { id: 5n, name: "Rhein Fulfillment" } },
          ],
        }),
      },
    });
    expect(await screen.findByText("user")).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "User" })).toBeNull();

    // The choices are every customer and every fulfillment.
    await ui.click(screen.getByRole("combobox", { name: "Customer" }));
    expect((await screen.findAllByRole("option")).map((option) => option.textContent)).toEqual([
      "None",
      "Bäckerei Sonnenschein (DE10000001)",
      "Buchhandlung Seitenwind (DE10000002)",
      "Tuincentrum De Linde (NL10000003)",
    ]);
    await ui.click(screen.getByRole("option", { name: "None" }));
    await ui.click(screen.getByRole("combobox", { name: "Fulfillment" }));
    await ui.click(await screen.findByRole("option", { name: "Rhein Fulfillment" }));
    await ui.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(updateUserData).toHaveBeenCalledTimes(1));
    const saved = updateUserData.mock.calls[0][0].userData;
    expect(saved?.id).toBe(12n);
    expect(saved?.user?.login).toBe("user");
    expect(saved?.fulfillment?.id).toBe(5n);
    expect(saved?.customer).toBeUndefined();
  });

  it("lists the registrations waiting for a link, and links one with its customer chosen", async () => {
    const ui = userEvent.setup();
    const createUserData = vi.fn((request: { userData?: UserData }) => ({
      userData: { ...request.userData, id: 30n },
    }));
    const { router } = renderApp("/user-data", {
      signedInAs: admin,
      userData: { ...portal(links, pendingRequests), createUserData },
      users: { listUsers: () => ({ users: [{ login: "mallory" }, { login: "piet" }], totalCount: 2n }) },
      fulfillments: {
        listFulfillments: () => ({ fulfillments: [], totalCount: 0n }),
        listCustomerChoices: () => ({
          customers: [{ customer: { id: 1n, name: "Bäckerei Sonnenschein", crmid: "DE10000001" } }],
        }),
      },
    });
    const section = await screen.findByRole("region", { name: "Pending registrations (2)" });
    const mallory = within(section).getByRole("rowheader", { name: "mallory" }).closest("tr")!;
    expect(mallory).toHaveTextContent("mallory@example.org");
    expect(mallory).toHaveTextContent("Bäckerei Sonnenschein");
    expect(mallory).toHaveTextContent("I ship for the bakery.");
    const piet = within(section).getByRole("rowheader", { name: "piet" }).closest("tr")!;
    expect(piet).toHaveTextContent("No customer has this CRM ID");

    await ui.click(within(mallory).getByRole("link", { name: "Link mallory" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/user-data/new"));
    await ui.click(await screen.findByRole("button", { name: "Save" }));
    await waitFor(() => expect(createUserData).toHaveBeenCalledTimes(1));
    const saved = createUserData.mock.calls[0][0].userData;
    expect(saved?.user?.login).toBe("mallory");
    expect(saved?.customer?.id).toBe(1n);
  });

  it("deletes a link after confirmation", async () => {
    const ui = userEvent.setup();
    const deleteUserData = vi.fn(() => ({}));
    const { router } = renderApp("/user-data/12/delete", {
      signedInAs: admin,
      userData: { ...portal(), deleteUserData },
    });
    const dialog = await screen.findByRole("alertdialog", { name: "Confirm delete operation" });
    await waitFor(() => expect(dialog).toHaveTextContent("user data link of user"));
    await ui.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleteUserData).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(router.state.location.pathname).toBe("/user-data"));
  });
});
