import { create } from "@bufbuild/protobuf";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Role } from "../../../auth/access";
import { type ListUsersRequest, type User, UserSchema } from "../../../gen/portal/v1/users_pb";
import { renderApp } from "../../../test/renderApp";
import { readUserListParams } from "./userListParams";
import { ActivationStatus, SortDirection } from "../../../gen/portal/v1/vocabulary_pb";

const admin = { login: "admin", authorities: [Role.admin] };
const users = Array.from({ length: 23 }, (_, index) =>
  create(UserSchema, {
    login: `user${String(index + 1).padStart(2, "0")}`,
    email: `user${index + 1}@example.com`,
    activationStatus: index % 2 ? ActivationStatus.ACTIVE : ActivationStatus.NEW,
    langKey: "en",
    authorities: [Role.user],
  }),
);

/** A portal that pages, sorts by login and filters by status and login like the server does. */
function userPortal() {
  const listUsers = vi.fn((request: ListUsersRequest) => {
    const matching = users.filter(
      (user: User) =>
        request.status.includes(user.activationStatus ?? ActivationStatus.ACTIVATION_STATUS_UNSPECIFIED) &&
        user.login.includes(request.login),
    );
    const sorted = request.direction === SortDirection.DESC ? [...matching].reverse() : matching;
    const page = sorted.slice(request.page * request.size, (request.page + 1) * request.size);
    return { users: page, totalCount: BigInt(matching.length) };
  });
  const deleteUser = vi.fn(() => ({}));
  return {
    listUsers,
    deleteUser,
    listAuthorities: () => ({ authorities: Object.values(Role) }),
    getUser: ({ login }: { login: string }) => ({ user: users.find((user) => user.login === login) }),
  };
}

const lastRequest = (portal: ReturnType<typeof userPortal>) => portal.listUsers.mock.lastCall?.[0];

describe("user management (spec 1 §4, §7, §9)", () => {
  it("reads page, sort and filters from the address, with the spec's defaults", () => {
    expect(readUserListParams(new URLSearchParams())).toEqual({
      page: 0,
      size: 10,
      sort: "login",
      direction: "asc",
      status: [ActivationStatus.ACTIVE, ActivationStatus.INACTIVE, ActivationStatus.NEW, ActivationStatus.PENDING],
      login: "",
    });
    expect(readUserListParams(new URLSearchParams("page=3&sort=email,desc&status=new,pending&login=ann"))).toEqual({
      page: 2,
      size: 10,
      sort: "email",
      direction: "desc",
      status: [ActivationStatus.NEW, ActivationStatus.PENDING],
      login: "ann",
    });
  });

  it("lists the first ten logins by login with all four statuses, and pages on the server", async () => {
    const ui = userEvent.setup();
    const portal = userPortal();
    renderApp("/admin/user-management", { signedInAs: admin, users: portal });
    expect(await screen.findByRole("rowheader", { name: "user01" })).toBeInTheDocument();
    expect(lastRequest(portal)).toMatchObject({
      page: 0,
      size: 10,
      sort: "login",
      direction: SortDirection.ASC,
      status: [ActivationStatus.ACTIVE, ActivationStatus.INACTIVE, ActivationStatus.NEW, ActivationStatus.PENDING],
      login: "",
    });
    expect(screen.getAllByRole("rowheader")).toHaveLength(10);
    expect(screen.getByText("Showing 1 – 10 of 23 items.")).toBeInTheDocument();

    await ui.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByRole("rowheader", { name: "user11" })).toBeInTheDocument();
    expect(lastRequest(portal)?.page).toBe(1);
  });

  it("filters by status and login, and sorts by a column", async () => {
    const ui = userEvent.setup();
    const portal = userPortal();
    const { router } = renderApp("/admin/user-management", { signedInAs: admin, users: portal });
    await screen.findByRole("rowheader", { name: "user01" });

    await ui.click(screen.getByRole("checkbox", { name: "New" }));
    await waitFor(() =>
      expect(lastRequest(portal)?.status).toEqual([
        ActivationStatus.ACTIVE,
        ActivationStatus.INACTIVE,
        ActivationStatus.PENDING,
      ]),
    );
    // The address names the statuses as the spec's API did, in lower case.
    expect(new URLSearchParams(router.state.location.search).get("status")).toBe("active,inactive,pending");
    expect(await screen.findByRole("rowheader", { name: "user02" })).toBeInTheDocument();
    expect(screen.queryByRole("rowheader", { name: "user01" })).toBeNull();

    await ui.type(screen.getByRole("searchbox", { name: "Search by login" }), "user1");
    await waitFor(() => expect(lastRequest(portal)?.login).toBe("user1"));

    await ui.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(lastRequest(portal)).toMatchObject({ sort: "login", direction: SortDirection.DESC }));
  });

  it("says so when no login matches", async () => {
    renderApp("/admin/user-management?login=nobody", { signedInAs: admin, users: userPortal() });
    expect(await screen.findByText("No users found.")).toBeInTheDocument();
  });

  it("deletes a login after confirmation and returns to the list", async () => {
    const ui = userEvent.setup();
    const portal = userPortal();
    const { router } = renderApp("/admin/user-management", { signedInAs: admin, users: portal });
    await ui.click(await screen.findByRole("link", { name: "Delete user03" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Confirm delete operation" });
    expect(dialog).toHaveTextContent("Are you sure you want to delete the user user03?");
    await ui.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(portal.deleteUser).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/user-management"));
  });

  it("offers no delete of one's own login", async () => {
    const own = [
      create(UserSchema, {
        login: "admin",
        activationStatus: ActivationStatus.ACTIVE,
        authorities: [Role.admin],
      }),
    ];
    renderApp("/admin/user-management", {
      signedInAs: admin,
      users: { listUsers: () => ({ users: own, totalCount: 1n }) },
    });
    expect(await screen.findByRole("rowheader", { name: "admin" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Delete admin" })).toBeNull();
  });

  it("creates a login with roles, status and language", async () => {
    const ui = userEvent.setup();
    const createUser = vi.fn((request: { user?: User }) => ({ user: request.user }));
    const { router } = renderApp("/admin/user-management/new", {
      signedInAs: admin,
      users: { ...userPortal(), createUser },
    });
    await ui.type(await screen.findByLabelText("Login"), "new.user");
    await ui.type(screen.getByLabelText("E-mail"), "new.user@example.com");
    await ui.click(screen.getByRole("button", { name: "Roles" }));
    await ui.click(await screen.findByRole("menuitemcheckbox", { name: "Operations" }));
    await ui.click(screen.getByRole("menuitemcheckbox", { name: "User" }));
    await ui.keyboard("{Escape}");
    await ui.click(screen.getByRole("button", { name: "Save" }));

    await waitFor(() => expect(createUser).toHaveBeenCalledTimes(1));
    expect(createUser.mock.calls[0][0].user).toMatchObject({
      login: "new.user",
      email: "new.user@example.com",
      activationStatus: ActivationStatus.ACTIVE,
      langKey: "en",
      authorities: [Role.operations, Role.user],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/user-management/new.user"));
  });

  it("edits a login without changing its name", async () => {
    const ui = userEvent.setup();
    const updateUser = vi.fn((request: { user?: User }) => ({ user: request.user }));
    renderApp("/admin/user-management/user02/edit", { signedInAs: admin, users: { ...userPortal(), updateUser } });
    const login = await screen.findByLabelText("Login");
    await waitFor(() => expect(login).toHaveValue("user02"));
    expect(login).toBeDisabled();
    await ui.click(screen.getByRole("combobox", { name: "Status" }));
    await ui.click(await screen.findByRole("option", { name: "Inactive" }));
    await ui.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(updateUser).toHaveBeenCalledTimes(1));
    expect(updateUser.mock.calls[0][0].user).toMatchObject({
      login: "user02",
      activationStatus: ActivationStatus.INACTIVE,
    });
  });
});
