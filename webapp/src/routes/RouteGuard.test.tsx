import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Role } from "../auth/access";
import { clearCredential, readCredential } from "../auth/credentialStore";
import { Code, portalFailure } from "../test/connectErrors";
import { renderApp, testAccount } from "../test/renderApp";
import { ActivationStatus } from "../gen/portal/v1/vocabulary_pb";

const denied = "You are not authorized to access this page.";
/** The customer staff linked the test users to: without one they would wait for their link. */
const customer = { id: 1n, name: "Bäckerei Sonnenschein", crmid: "DE10000001" };

describe("route guards (spec 1 §2, §6)", () => {
  it("sends an anonymous visitor of a private page to sign in, remembering the page", async () => {
    const { router } = renderApp("/batch/12?tab=parcels");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    const from = (router.state.location.state as { from: { pathname: string; search: string } }).from;
    expect(from).toMatchObject({ pathname: "/batch/12", search: "?tab=parcels" });
  });

  it("tells a signed-in user without the page's role that they may not see it", async () => {
    renderApp("/batch", { signedInAs: { authorities: [Role.customerService] } });
    expect(await screen.findByText(denied)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Batches" })).toBeNull();
  });

  it("denies a signed-in user without any role everywhere private", async () => {
    renderApp("/account/settings", { signedInAs: { authorities: [] } });
    expect(await screen.findByText(denied)).toBeInTheDocument();
  });

  it("lets a user with one of the roles in", async () => {
    renderApp("/report", { signedInAs: { authorities: [Role.customerService] } });
    expect(await screen.findByRole("heading", { level: 1, name: "Report" })).toBeInTheDocument();
  });

  it("keeps admins-only pages for admins", async () => {
    renderApp("/admin/health", { signedInAs: { authorities: [Role.user], customer } });
    expect(await screen.findByText(denied)).toBeInTheDocument();
  });

  describe("the tracking-only user", () => {
    const tracking = { authorities: [Role.tracking], customer };

    it("lands on tracking from the start page", async () => {
      const { router } = renderApp("/", { signedInAs: tracking });
      await waitFor(() => expect(router.state.location.pathname).toBe("/tracking"), { timeout: 15_000 });
      // The tracking page is a lazy chunk: slow while other files run beside it.
      expect(
        await screen.findByRole("heading", { level: 1, name: "Tracking" }, { timeout: 15_000 }),
      ).toBeInTheDocument();
    });

    it("has no dashboard", async () => {
      renderApp("/dashboard", { signedInAs: tracking });
      expect(await screen.findByText(denied)).toBeInTheDocument();
    });
  });

  it("tells a login staff have not linked yet that its access is being set up, instead of the shipping pages", async () => {
    const { router } = renderApp("/", { signedInAs: { authorities: [Role.user] } });
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(await screen.findByRole("heading", { level: 1, name: "Your access is being set up" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("not yet linked to a customer");
    await act(() => router.navigate("/batch"));
    expect(await screen.findByRole("heading", { level: 1, name: "Your access is being set up" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Batches" })).toBeNull();
    await act(() => router.navigate("/account/settings"));
    expect(await screen.findByRole("heading", { level: 1, name: "Profile settings" })).toBeInTheDocument();
  });

  it("sends other signed-in users from the start page to the dashboard", async () => {
    const { router } = renderApp("/", { signedInAs: { authorities: [Role.operations] } });
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });
});

describe("the session (spec 1 §4)", () => {
  it("waits for a stored credential to be checked instead of sending the user to sign in", async () => {
    let answer: (value: unknown) => void = () => {};
    const { router } = renderApp("/report", {
      signedInAs: { authorities: [Role.user], customer },
      account: {
        getAccount: () =>
          new Promise((resolve) => {
            answer = resolve;
          }) as never,
      },
    });
    expect(await screen.findByRole("status", { name: "Loading" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/report");
    act(() => answer({ account: testAccount({ authorities: [Role.user] }) }));
    expect(await screen.findByRole("heading", { level: 1, name: "Report" })).toBeInTheDocument();
  });

  it("forgets a credential the portal no longer accepts, silently", async () => {
    const { router } = renderApp("/", {
      signedInAs: { authorities: [Role.user] },
      account: {
        getAccount: () => {
          throw portalFailure(Code.Unauthenticated, "error.http.401");
        },
      },
    });
    await waitFor(() => expect(readCredential()).toBeNull());
    expect(await screen.findByRole("button", { name: "Play the product video" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("counts only an ACTIVE account as signed in", async () => {
    renderApp("/report", {
      signedInAs: { authorities: [Role.user], activationStatus: ActivationStatus.PENDING },
    });
    expect(await screen.findByRole("dialog", { name: "Sign in" })).toBeInTheDocument();
    expect(readCredential()).toBeNull();
    expect(await screen.findByText(/Your account is not active/)).toBeInTheDocument();
  });

  it("turns anonymous when a call answers 401, and asks to sign in again", async () => {
    const { router } = renderApp("/admin/user-management/new", {
      signedInAs: { authorities: [Role.admin] },
      users: {
        listAuthorities: () => {
          throw portalFailure(Code.Unauthenticated, "error.http.401");
        },
      },
    });
    await waitFor(() => expect(readCredential()).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(await screen.findByText("Your session has ended. Please sign in again.")).toBeInTheDocument();
    // The header turned anonymous (behind the sign-in dialog, hence hidden from the accessibility tree).
    expect(screen.getByRole("button", { name: "Account", hidden: true })).toBeInTheDocument();
  });

  it("follows a sign-out in another tab", async () => {
    renderApp("/report", { signedInAs: { authorities: [Role.user], customer } });
    expect(await screen.findByRole("heading", { level: 1, name: "Report" })).toBeInTheDocument();
    act(() => clearCredential());
    expect(await screen.findByRole("dialog", { name: "Sign in" })).toBeInTheDocument();
  });
});

describe("/logout (spec 1 §2)", () => {
  it("revokes the session at the server, forgets it and says so", async () => {
    let revoked: string | null = null;
    const user = userEvent.setup();
    renderApp("/dashboard", {
      signedInAs: { authorities: [Role.user] },
      account: {
        logout: (_, context) => {
          revoked = context.requestHeader.get("Authorization");
          return {};
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Account: anna" }));
    await user.click(await screen.findByRole("menuitem", { name: "Sign out" }));
    expect(await screen.findByText("Logged out successfully!")).toBeInTheDocument();
    await waitFor(() => expect(revoked).toBe("Bearer test-token"));
    expect(readCredential()).toBeNull();
    expect(screen.getByRole("button", { name: "Account" })).toBeInTheDocument();
  });

  it("also forgets the active customer", async () => {
    sessionStorage.setItem("portal.activeCustomer", "7");
    renderApp("/logout", { signedInAs: { authorities: [Role.user] } });
    expect(await screen.findByText("Logged out successfully!")).toBeInTheDocument();
    expect(sessionStorage.getItem("portal.activeCustomer")).toBeNull();
  });
});
