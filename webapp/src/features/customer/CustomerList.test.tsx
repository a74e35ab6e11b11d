import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import { ErrorDetailSchema } from "../../gen/portal/v1/errors_pb";
import { renderApp } from "../../test/renderApp";

const acme = { id: 7n, name: "Acme Versand", crmid: "DE10000007", hub: { name: "Köln" } };

describe("customer list (spec 3 §2, §9)", () => {
  it("keeps page, size and filter in the address, and the delete returns to the list as it was", async () => {
    const user = userEvent.setup();
    const listCustomers = vi.fn((_request: { page: number; size: number; name: string }) => ({
      customers: [acme],
      totalCount: 120n,
    }));
    const deleteCustomer = vi.fn(() => ({}));
    const { router } = renderApp("/customer?page=2&size=25&name=Ac", {
      signedInAs: { authorities: [Role.admin] },
      customers: { listCustomers, deleteCustomer, getCustomerFull: () => ({ customer: acme }) },
    });
    const row = (await screen.findByRole("rowheader", { name: acme.name })).closest("tr")!;
    expect(listCustomers.mock.lastCall?.[0]).toMatchObject({ page: 1, size: 25, name: "Ac" });
    expect(screen.getByText("Showing 26 – 50 of 120 items.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Page 3" }));
    await waitFor(() => expect(router.state.location.search).toBe("?page=3&size=25&name=Ac"));
    expect(within(row).getByRole("link", { name: `Delete ${acme.name}` })).toHaveAttribute(
      "href",
      "/customer/7/delete?page=3&size=25&name=Ac",
    );

    await user.click(within(row).getByRole("link", { name: `Delete ${acme.name}` }));
    const dialog = await screen.findByRole("alertdialog", { name: "Confirm delete operation" });
    await waitFor(() => expect(dialog).toHaveTextContent(`Are you sure you want to delete the customer ${acme.name}?`));
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/customer"));
    expect(deleteCustomer).toHaveBeenCalledTimes(1);
    expect(router.state.location.search).toBe("?page=3&size=25&name=Ac");
  });

  it("shows why a customer with shipping history is not deleted and stays open", async () => {
    const user = userEvent.setup();
    const deleteCustomer = vi.fn(() => {
      throw new ConnectError("error.customer.hasShippingHistory", Code.FailedPrecondition, undefined, [
        {
          desc: ErrorDetailSchema,
          value: create(ErrorDetailSchema, { messageKey: "error.customer.hasShippingHistory", entityName: "customer" }),
        },
      ]);
    });
    const { router } = renderApp("/customer/7/delete", {
      signedInAs: { authorities: [Role.admin] },
      customers: {
        listCustomers: () => ({ customers: [acme], totalCount: 1n }),
        deleteCustomer,
        getCustomerFull: () => ({ customer: acme }),
      },
    });
    const dialog = await screen.findByRole("alertdialog", { name: "Confirm delete operation" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        "This customer has shipping history (batches, labels, manifests or carrier records) and cannot be deleted.",
      ),
    );
    expect(deleteCustomer).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe("/customer/7/delete");
  });

  it("offers a user view and edit but no delete", async () => {
    renderApp("/customer", {
      signedInAs: { authorities: [Role.user], customer: acme },
      customers: { listCustomers: () => ({ customers: [acme], totalCount: 1n }) },
    });
    const row = (await screen.findByRole("rowheader", { name: acme.name })).closest("tr")!;
    expect(within(row).getByRole("link", { name: `Edit ${acme.name}` })).toHaveAttribute("href", "/customer/7/edit");
    expect(within(row).queryByRole("link", { name: `Delete ${acme.name}` })).toBeNull();
  });
});
