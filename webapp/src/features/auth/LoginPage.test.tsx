import { ConnectError, type HandlerContext } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import { readCredential } from "../../auth/credentialStore";
import type { AuthenticateRequest } from "../../gen/portal/v1/account_pb";
import { Code, portalFailure } from "../../test/connectErrors";
import { renderApp, testAccount, testProfile } from "../../test/renderApp";

/** A portal whose sign-in accepts anna/secret and answers the bearer in the Authorization header. */
function signInPortal(authorities: Role[] = [Role.user]) {
  let signedIn = false;
  const authenticate = vi.fn((request: AuthenticateRequest, context: HandlerContext) => {
    if (request.username !== "anna" || request.password !== "secret") {
      throw portalFailure(Code.Unauthenticated, "error.badCredentials");
    }
    signedIn = true;
    context.responseHeader.set("Authorization", "Bearer token-anna");
    return { mfaEnabled: false, featureMfaEnabled: true, mfaRegistered: false };
  });
  const getAccount = (_: unknown, context: HandlerContext) => {
    if (!signedIn || context.requestHeader.get("Authorization") !== "Bearer token-anna") {
      throw portalFailure(Code.Unauthenticated, "error.http.401");
    }
    return { account: testAccount({ authorities }) };
  };
  return { authenticate, account: { authenticate, getAccount } };
}

async function fillIn(username: string, password: string, { rememberMe = false } = {}) {
  const user = userEvent.setup();
  const dialog = await screen.findByRole("dialog", { name: "Sign in" });
  if (username) await user.type(within(dialog).getByLabelText("Username"), username);
  if (password) await user.type(within(dialog).getByLabelText("Password"), password);
  if (rememberMe) await user.click(within(dialog).getByRole("checkbox", { name: "Remember me" }));
  await user.click(within(dialog).getByRole("button", { name: "Sign in" }));
  return { user, dialog };
}

describe("/login (spec 1 §2, §4)", () => {
  it("offers login, password, remember-me and the ways to reset a password and to register", async () => {
    renderApp("/login");
    const dialog = await screen.findByRole("dialog", { name: "Sign in" });
    expect(within(dialog).getByLabelText("Username")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Password")).toHaveAttribute("type", "password");
    expect(within(dialog).getByRole("checkbox", { name: "Remember me" })).not.toBeChecked();
    expect(within(dialog).getByRole("link", { name: "Did you forget your password?" })).toHaveAttribute(
      "href",
      "/account/reset/request",
    );
    expect(within(dialog).getByRole("link", { name: "Register a new account" })).toHaveAttribute(
      "href",
      "/account/register",
    );
  });

  it("asks for both fields before calling the server", async () => {
    const portal = signInPortal();
    renderApp("/login", { account: portal.account });
    const { dialog } = await fillIn("", "");
    expect(within(dialog).getAllByText("This field is required.")).toHaveLength(2);
    expect(portal.authenticate).not.toHaveBeenCalled();
  });

  it("says exactly what the spec says when the credentials are wrong, and signs nobody out", async () => {
    const portal = signInPortal();
    const { router } = renderApp("/login", { account: portal.account });
    const { dialog } = await fillIn("anna", "wrong");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Failed to sign in! Please check your credentials and try again.",
    );
    expect(router.state.location.pathname).toBe("/login");
    expect(screen.queryByText("Your session has ended. Please sign in again.")).toBeNull();
  });

  it("reads a 401 without a message key as wrong credentials too", async () => {
    renderApp("/login", {
      account: {
        authenticate: () => {
          throw new ConnectError("no detail", Code.Unauthenticated);
        },
      },
    });
    await fillIn("anna", "secret");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to sign in! Please check your credentials and try again.",
    );
  });

  it("keeps the credential in localStorage with remember-me and returns to the page that asked", async () => {
    const portal = signInPortal();
    const { router } = renderApp("/report", {
      account: portal.account,
      // Staff linked anna to her customer; without a link she would only see that her access is being set up.
      userData: {
        getMyUserData: () => ({ userData: { user: { login: "anna" }, customer: { id: 1n, name: "Acme" } } }),
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    await fillIn("anna", "secret", { rememberMe: true });
    await waitFor(() => expect(router.state.location.pathname).toBe("/report"));
    expect(portal.authenticate).toHaveBeenCalledWith(
      expect.objectContaining({ username: "anna", password: "secret", rememberMe: true }),
      expect.anything(),
    );
    expect(localStorage.getItem("portal.authenticationToken")).toBe("token-anna");
    expect(sessionStorage.getItem("portal.authenticationToken")).toBeNull();
    expect(await screen.findByRole("heading", { level: 1, name: "Report" })).toBeInTheDocument();
  });

  it("keeps the credential for the tab only without remember-me, and lands on the start page", async () => {
    const portal = signInPortal();
    const { router } = renderApp("/login", { account: portal.account });
    await fillIn("anna", "secret");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(sessionStorage.getItem("portal.authenticationToken")).toBe("token-anna");
    expect(localStorage.getItem("portal.authenticationToken")).toBeNull();
  });

  it("returns to the start page when closed", async () => {
    const user = userEvent.setup();
    const { router } = renderApp("/login");
    const dialog = await screen.findByRole("dialog", { name: "Sign in" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("sends a signed-in user on at once", async () => {
    const { router } = renderApp("/login", { signedInAs: { authorities: [Role.user] } });
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(readCredential()).toBe("test-token");
  });

  it("shows the notice of a finished password reset", async () => {
    renderApp("/login", { state: { notice: "passwordReset" } });
    expect(await screen.findByRole("status")).toHaveTextContent("Your password has been reset. Please sign in.");
  });

  it("shows the captcha once the server asks for it, and sends a new answer with every try (issue 22)", async () => {
    const salt = "s?expires=1999999999";
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${salt}7`));
    const hash = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
    const getChallenge = vi.fn(() => ({
      challenge: { algorithm: "SHA-256", challenge: hash, maxnumber: 50, salt, signature: "sig" },
    }));
    const portal = signInPortal();
    // Past the limit: without a captcha answer the server asks for one; a
    // wrong password with an answer is still wrong.
    const authenticate = vi.fn((request: AuthenticateRequest, context: HandlerContext) => {
      if (request.reCaptchaToken === "") throw portalFailure(Code.ResourceExhausted, "error.captchaRequired");
      return portal.authenticate(request, context);
    });
    const { router } = renderApp("/login", {
      management: { getInfo: () => ({ profile: testProfile({ recaptchaSiteKey: "self-hosted" }) }) },
      captcha: { getChallenge },
      account: { ...portal.account, authenticate },
    });
    const dialog = await screen.findByRole("dialog", { name: "Sign in" });
    expect(within(dialog).queryByTestId("captcha")).toBeNull();
    expect(getChallenge).not.toHaveBeenCalled();

    const { user } = await fillIn(" anna", "secret");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Too many failed sign-ins. Please complete the security check and try again.",
    );
    expect(await within(dialog).findByText("Security check passed.")).toBeInTheDocument();

    const password = within(dialog).getByLabelText("Password");
    await user.clear(password);
    await user.type(password, "wrong");
    await user.click(within(dialog).getByRole("button", { name: "Sign in" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Failed to sign in! Please check your credentials and try again.",
    );
    const answer = JSON.parse(atob(authenticate.mock.calls[1][0].reCaptchaToken));
    expect(answer).toMatchObject({ number: 7, challenge: hash, salt, signature: "sig" });
    // Each answer counts once: the failed try fetched a new challenge.
    await waitFor(() => expect(getChallenge).toHaveBeenCalledTimes(2));
    expect(await within(dialog).findByText("Security check passed.")).toBeInTheDocument();

    const username = within(dialog).getByLabelText("Username");
    await user.clear(username);
    await user.type(username, "anna");
    await user.clear(password);
    await user.type(password, "secret");
    await user.click(within(dialog).getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(authenticate).toHaveBeenCalledTimes(3);
    expect(authenticate.mock.calls[2][0].reCaptchaToken).not.toBe("");
  });
});
