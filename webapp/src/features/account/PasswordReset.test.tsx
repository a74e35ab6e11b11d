import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { FinishPasswordResetRequest, RequestPasswordResetRequest } from "../../gen/portal/v1/account_pb";
import { Code, portalFailure } from "../../test/connectErrors";
import { renderApp, testProfile } from "../../test/renderApp";

const neutral = "If this address belongs to an account, we have sent an e-mail with a link to choose a new password.";

describe("/account/reset/request (spec 1 §2, §5)", () => {
  it("sends the address as a text/plain body and answers neutrally", async () => {
    const user = userEvent.setup();
    const requestPasswordReset = vi.fn((request: RequestPasswordResetRequest) => {
      void request;
      return {};
    });
    renderApp("/account/reset/request", { account: { requestPasswordReset } });
    await user.type(await screen.findByLabelText("E-mail"), "anna@example.com");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText(neutral)).toBeInTheDocument();
    const { email } = requestPasswordReset.mock.calls[0][0];
    expect(email?.contentType).toBe("text/plain");
    expect(new TextDecoder().decode(email?.data)).toBe("anna@example.com");
  });

  it("answers the same for an address without a login", async () => {
    const user = userEvent.setup();
    renderApp("/account/reset/request", {
      account: {
        requestPasswordReset: () => {
          throw portalFailure(Code.NotFound, "error.userNotFound");
        },
      },
    });
    await user.type(await screen.findByLabelText("E-mail"), "nobody@example.com");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText(neutral)).toBeInTheDocument();
  });

  it("solves the captcha when a site key is set, and sends its token", async () => {
    const user = userEvent.setup();
    const requestPasswordReset = vi.fn((request: RequestPasswordResetRequest) => {
      void request;
      return {};
    });
    const salt = "s?expires=1999999999";
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${salt}7`));
    const hash = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
    renderApp("/account/reset/request", {
      management: { getInfo: () => ({ profile: testProfile({ recaptchaSiteKey: "self-hosted" }) }) },
      captcha: {
        getChallenge: () => ({
          challenge: { algorithm: "SHA-256", challenge: hash, maxnumber: 50, salt, signature: "sig" },
        }),
      },
      account: { requestPasswordReset },
    });
    expect(await screen.findByText("Security check passed.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("E-mail"), "anna@example.com");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByText(neutral)).toBeInTheDocument();
    const token = JSON.parse(atob(requestPasswordReset.mock.calls[0][0].reCaptchaToken));
    expect(token).toMatchObject({ number: 7, challenge: hash, salt, signature: "sig" });
  });

  it("says so when too many resets were asked for, and sends nothing", async () => {
    const user = userEvent.setup();
    renderApp("/account/reset/request", {
      account: {
        requestPasswordReset: () => {
          throw portalFailure(Code.ResourceExhausted, "error.tooManyResetRequests");
        },
      },
    });
    await user.type(await screen.findByLabelText("E-mail"), "anna@example.com");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Too many password reset requests. Please wait a quarter of an hour and try again.",
    );
    expect(screen.queryByText(neutral)).toBeNull();
  });

  it("checks the address first", async () => {
    const user = userEvent.setup();
    const requestPasswordReset = vi.fn(() => ({}));
    renderApp("/account/reset/request", { account: { requestPasswordReset } });
    await user.type(await screen.findByLabelText("E-mail"), "anna@example");
    await user.click(screen.getByRole("button", { name: "Reset password" }));
    expect(screen.getByText("Please enter a valid e-mail address.")).toBeInTheDocument();
    expect(requestPasswordReset).not.toHaveBeenCalled();
  });
});

describe("/account/reset/finish/{key?} (spec 1 §2, §5)", () => {
  it("shows no form without a key", async () => {
    renderApp("/account/reset/finish");
    expect(await screen.findByText(/The reset key is missing/)).toBeInTheDocument();
    expect(screen.queryByLabelText("New password")).toBeNull();
  });

  it("wants 4 to 50 characters, twice the same", async () => {
    const user = userEvent.setup();
    const finishPasswordReset = vi.fn(() => ({}));
    renderApp("/account/reset/finish/key-1", { account: { finishPasswordReset } });
    await user.type(await screen.findByLabelText("New password"), "abc");
    await user.type(screen.getByLabelText("New password confirmation"), "abcd");
    await user.click(screen.getByRole("button", { name: "Save the new password" }));
    expect(screen.getByText("This field needs at least 4 characters.")).toBeInTheDocument();
    expect(screen.getByText("The password and its confirmation do not match!")).toBeInTheDocument();
    expect(finishPasswordReset).not.toHaveBeenCalled();
  });

  it("sets the password with the key and sends the user to sign in", async () => {
    const user = userEvent.setup();
    const finishPasswordReset = vi.fn((request: FinishPasswordResetRequest) => {
      void request;
      return {};
    });
    const { router } = renderApp("/account/reset/finish/key-1", { account: { finishPasswordReset } });
    await user.type(await screen.findByLabelText("New password"), "Better-2026");
    await user.type(screen.getByLabelText("New password confirmation"), "Better-2026");
    await user.click(screen.getByRole("button", { name: "Save the new password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(finishPasswordReset.mock.calls[0][0]).toMatchObject({ key: "key-1", newPassword: "Better-2026" });
    expect(await screen.findByText("Your password has been reset. Please sign in.")).toBeInTheDocument();
  });

  it("explains a used or expired key", async () => {
    const user = userEvent.setup();
    renderApp("/account/reset/finish/old", {
      account: {
        finishPasswordReset: () => {
          throw portalFailure(Code.InvalidArgument, "error.invalidKey");
        },
      },
    });
    await user.type(await screen.findByLabelText("New password"), "Better-2026");
    await user.type(screen.getByLabelText("New password confirmation"), "Better-2026");
    await user.click(screen.getByRole("button", { name: "Save the new password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This link is invalid or has expired. Please request a new e-mail.",
    );
  });
});
