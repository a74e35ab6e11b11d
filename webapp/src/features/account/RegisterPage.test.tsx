import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { RegisterRequest } from "../../gen/portal/v1/account_pb";
import { Code, portalFailure } from "../../test/connectErrors";
import { renderApp, testProfile } from "../../test/renderApp";

async function fill(fields: Partial<Record<string, string>>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(fields)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole("button", { name: "Register" }));
  return user;
}

const valid = {
  Username: "anna.berg",
  "E-mail": "anna@example.com",
  "New password": "Secret-2026",
  "New password confirmation": "Secret-2026",
  "CRM ID": "de12345678",
};

describe("/account/register (spec 1 §2, §5)", () => {
  it("checks every rule before sending anything", async () => {
    const register = vi.fn(() => ({}));
    renderApp("/account/register", { account: { register } });
    await screen.findByRole("heading", { level: 1, name: "Registration" });
    await fill({
      Username: "anna berg",
      "E-mail": "anna",
      "New password": "abc",
      "New password confirmation": "abcd",
      "CRM ID": "FR12345678",
    });
    expect(screen.getByText(/Your username may contain only letters, digits/)).toBeInTheDocument();
    // The proto's e-mail rule (name@domain.tld) is reported before its length, as the server reports it.
    expect(screen.getByText("Please enter a valid e-mail address.")).toBeInTheDocument();
    expect(screen.getByText("This field needs at least 4 characters.")).toBeInTheDocument();
    expect(screen.getByText("The password and its confirmation do not match!")).toBeInTheDocument();
    expect(screen.getByText(/Enter AT, BE, DK, DE, IT, NL, ES or SE followed by exactly 8 digits/)).toBeInTheDocument();
    expect(register).not.toHaveBeenCalled();
  });

  it("sends the username as login, English by default, and shows the activation page", async () => {
    const register = vi.fn((request: RegisterRequest) => {
      void request;
      return {};
    });
    const { router } = renderApp("/account/register", { account: { register } });
    await screen.findByRole("heading", { level: 1, name: "Registration" });
    await fill(valid);
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/registered"));
    expect(register.mock.calls[0][0]).toMatchObject({
      login: "anna.berg",
      email: "anna@example.com",
      password: "Secret-2026",
      crmId: "de12345678",
      langKey: "en",
      requestReason: "",
      reCaptchaToken: "",
    });
    expect(await screen.findByText(/Registration saved!/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the start page" })).toHaveAttribute("href", "/");
  });

  it("shows the server's message key when registration fails", async () => {
    renderApp("/account/register", {
      account: {
        register: () => {
          throw portalFailure(Code.AlreadyExists, "error.userexists");
        },
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Registration" });
    await fill(valid);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This username is already taken. Please choose another one.",
    );
  });

  it("puts the server's field errors under their fields", async () => {
    renderApp("/account/register", {
      account: {
        register: () => {
          throw portalFailure(Code.InvalidArgument, "error.validation", [{ field: "crmId", message: "pattern" }]);
        },
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Registration" });
    await fill(valid);
    expect(await screen.findByLabelText("CRM ID")).toHaveAccessibleDescription(
      expect.stringContaining("This field does not have the expected format."),
    );
  });

  it("shows a captcha only when the profile names a site key", async () => {
    renderApp("/account/register");
    await screen.findByRole("heading", { level: 1, name: "Registration" });
    expect(screen.queryByTestId("captcha")).toBeNull();
  });

  it("solves the portal's captcha when a site key is set, and sends its token", async () => {
    const register = vi.fn((request: RegisterRequest) => {
      void request;
      return {};
    });
    const salt = "s?expires=1999999999";
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${salt}7`));
    const hash = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
    renderApp("/account/register", {
      management: { getInfo: () => ({ profile: testProfile({ recaptchaSiteKey: "self-hosted" }) }) },
      captcha: {
        getChallenge: () => ({
          challenge: { algorithm: "SHA-256", challenge: hash, maxnumber: 50, salt, signature: "sig" },
        }),
      },
      account: { register },
    });
    expect(await screen.findByText("Security check passed.")).toBeInTheDocument();
    await fill(valid);
    await waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    const token = JSON.parse(atob(register.mock.calls[0][0].reCaptchaToken));
    expect(token).toMatchObject({ number: 7, challenge: hash, salt, signature: "sig" });
  });
});

describe("/account/activate/{key?} (spec 1 §2, §8)", () => {
  it("activates with the key from the path and says so", async () => {
    const activate = vi.fn(() => ({}));
    renderApp("/account/activate/abc123", { account: { activate } });
    expect(await screen.findByText("Your user account has been activated.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    expect(activate).toHaveBeenCalledTimes(1);
    expect(activate.mock.calls[0]).toEqual([expect.objectContaining({ key: "abc123" }), expect.anything()]);
  });

  it("takes the key from the query too", async () => {
    const activate = vi.fn(() => ({}));
    renderApp("/account/activate?key=xyz", { account: { activate } });
    expect(await screen.findByText("Your user account has been activated.")).toBeInTheDocument();
    expect(activate.mock.calls[0]).toEqual([expect.objectContaining({ key: "xyz" }), expect.anything()]);
  });

  it("says what to do when the key is refused", async () => {
    renderApp("/account/activate/used", {
      account: {
        activate: () => {
          throw portalFailure(Code.InvalidArgument, "error.invalidKey");
        },
      },
    });
    expect(
      await screen.findByText("Your user could not be activated. Please use the registration form to sign up."),
    ).toBeInTheDocument();
  });

  it("fails without asking the server when there is no key", async () => {
    const activate = vi.fn(() => ({}));
    renderApp("/account/activate", { account: { activate } });
    expect(
      await screen.findByText("Your user could not be activated. Please use the registration form to sign up."),
    ).toBeInTheDocument();
    expect(activate).not.toHaveBeenCalled();
  });

  it("sends a visitor who opens /account/registered directly to the form: nothing was saved", async () => {
    const { router } = renderApp("/account/registered");
    expect(await screen.findByRole("heading", { level: 1, name: "Registration" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/account/register");
    expect(screen.queryByText(/Registration saved!/)).not.toBeInTheDocument();
  });
});
