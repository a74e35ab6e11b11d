import type { HandlerContext } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Role } from "../../auth/access";
import { readCredential } from "../../auth/credentialStore";
import { Code, portalFailure } from "../../test/connectErrors";
import { renderApp, testAccount } from "../../test/renderApp";

const pendingBearer = "Bearer pending-token";

type PortalOptions = { mfaRegistered: boolean; registrationCodeFails?: boolean };

/**
 * A portal whose sign-in asks for a second factor. The MFA calls only accept
 * the pending bearer; the code 123456 (or 012345) is right, 111111 is wrong.
 */
function mfaPortal({ mfaRegistered, registrationCodeFails = false }: PortalOptions) {
  let finalToken: string | null = null;
  const requirePending = (context: HandlerContext) => {
    if (context.requestHeader.get("Authorization") !== pendingBearer) {
      throw portalFailure(Code.Unauthenticated, "error.mfa.pending");
    }
  };
  const verifyMfaCode = vi.fn((request: { code: number }, context: HandlerContext) => {
    requirePending(context);
    if (request.code !== 123456 && request.code !== 12345)
      throw portalFailure(Code.InvalidArgument, "error.mfa.wrongCode");
    finalToken = "verified-token";
    return { idToken: finalToken, rememberMe: true };
  });
  const skipMfa = vi.fn((_: { skipDays: number }, context: HandlerContext) => {
    requirePending(context);
    finalToken = "pending-token";
    return { idToken: finalToken, rememberMe: true };
  });
  const logout = vi.fn((_: unknown, context: HandlerContext) => {
    void context;
    return {};
  });
  const account = {
    authenticate: (_: unknown, context: HandlerContext) => {
      context.responseHeader.set("Authorization", pendingBearer);
      return { mfaEnabled: true, featureMfaEnabled: true, mfaRegistered };
    },
    getMfaRegistrationCode: (_: unknown, context: HandlerContext) => {
      requirePending(context);
      if (registrationCodeFails) throw portalFailure(Code.Internal, "error.internal");
      context.responseHeader.set("x-totp-secret", "JBSWY3DPEHPK3PXP");
      return { image: { contentType: "image/png", data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) } };
    },
    verifyMfaCode,
    skipMfa,
    logout,
    getAccount: (_: unknown, context: HandlerContext) => {
      if (!finalToken || context.requestHeader.get("Authorization") !== `Bearer ${finalToken}`) {
        throw portalFailure(Code.Unauthenticated, "error.http.401");
      }
      return { account: testAccount({ authorities: [Role.user] }) };
    },
  };
  return { account, verifyMfaCode, skipMfa, logout };
}

async function signIn(options: PortalOptions) {
  const portal = mfaPortal(options);
  const user = userEvent.setup();
  const app = renderApp("/login", { account: portal.account });
  const login = await screen.findByRole("dialog", { name: "Sign in" });
  await user.type(within(login).getByLabelText("Username"), "anna");
  await user.type(within(login).getByLabelText("Password"), "secret");
  await user.click(within(login).getByRole("checkbox", { name: "Remember me" }));
  await user.click(within(login).getByRole("button", { name: "Sign in" }));
  return { ...portal, ...app, user };
}

describe("the MFA dialog (spec 1 §4, §5)", () => {
  describe("for a user with a registered device", () => {
    it("shows only the code entry", async () => {
      await signIn({ mfaRegistered: true });
      const dialog = await screen.findByRole("dialog", { name: "Two-factor authentication" });
      expect(within(dialog).getByRole("textbox", { name: "Six-digit code" })).toBeInTheDocument();
      expect(within(dialog).queryByText("Loading image")).toBeNull();
      expect(within(dialog).queryByRole("button", { name: "Skip for now" })).toBeNull();
    });

    it("sends the code by itself, as a number, when the sixth digit is typed", async () => {
      const { user, verifyMfaCode, router } = await signIn({ mfaRegistered: true });
      const input = await screen.findByRole("textbox", { name: "Six-digit code" });
      await user.type(input, "12345");
      expect(verifyMfaCode).not.toHaveBeenCalled();
      await user.type(input, "6");
      await waitFor(() => expect(verifyMfaCode).toHaveBeenCalledTimes(1));
      expect(verifyMfaCode.mock.calls[0][0].code).toBe(123456);

      // The verified bearer is kept where remember-me put the sign-in, and the session starts.
      await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
      expect(localStorage.getItem("portal.authenticationToken")).toBe("verified-token");
    });

    it("keeps only digits and sends a code with a leading zero as its number", async () => {
      const { user, verifyMfaCode } = await signIn({ mfaRegistered: true });
      const input = await screen.findByRole("textbox", { name: "Six-digit code" });
      await user.type(input, "0a1 2-3");
      expect(input).toHaveValue("0123");
      await user.type(input, "45");
      await waitFor(() => expect(verifyMfaCode).toHaveBeenCalledTimes(1));
      expect(verifyMfaCode.mock.calls[0][0].code).toBe(12345);
    });

    it("explains a wrong code and empties the field for another try", async () => {
      const { user, verifyMfaCode } = await signIn({ mfaRegistered: true });
      const input = await screen.findByRole("textbox", { name: "Six-digit code" });
      await user.type(input, "111111");
      expect(await screen.findByRole("alert")).toHaveTextContent(
        "The code is not correct. Please enter the code your app shows now.",
      );
      await waitFor(() => expect(input).toHaveValue(""));
      expect(readCredential()).toBeNull();
      await user.type(input, "123456");
      await waitFor(() => expect(verifyMfaCode).toHaveBeenCalledTimes(2));
    });

    it("abandons the sign-in when cancelled and gives the half-finished session back", async () => {
      const { user, logout } = await signIn({ mfaRegistered: true });
      const dialog = await screen.findByRole("dialog", { name: "Two-factor authentication" });
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      expect(await screen.findByRole("dialog", { name: "Sign in" })).toBeInTheDocument();
      await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
      expect(logout.mock.calls[0][1].requestHeader.get("Authorization")).toBe(pendingBearer);
      expect(readCredential()).toBeNull();
    });
  });

  describe("for a user without a device", () => {
    it("shows the QR image first, then the code entry", async () => {
      await signIn({ mfaRegistered: false });
      const dialog = await screen.findByRole("dialog", { name: "Set up two-factor authentication" });
      expect(await within(dialog).findByTestId("mfa-qr")).toHaveAttribute("src", expect.stringMatching(/^blob:/));
      expect(within(dialog).getByRole("textbox", { name: "Six-digit code" })).toBeInTheDocument();
    });

    it("shows the key for people who cannot scan, from the x-totp-secret header", async () => {
      const { user } = await signIn({ mfaRegistered: false });
      await user.click(await screen.findByRole("button", { name: "Can't scan the code? Show the key" }));
      expect(screen.getByTestId("mfa-secret")).toHaveTextContent("JBSWY3DPEHPK3PXP");
    });

    it("only logs a failed QR image and keeps saying 'Loading image'", async () => {
      const log = vi.spyOn(console, "error").mockImplementation(() => {});
      await signIn({ mfaRegistered: false, registrationCodeFails: true });
      await waitFor(() => expect(log).toHaveBeenCalled());
      expect(screen.getByText("Loading image")).toBeInTheDocument();
      expect(screen.queryByText("Something went wrong on our side. Please try again later.")).toBeNull();
    });

    it("offers to ask again at the next sign-in or after 7, 14 or 30 days", async () => {
      const { user } = await signIn({ mfaRegistered: false });
      await user.click(await screen.findByRole("combobox", { name: "Remind me" }));
      const options = await screen.findAllByRole("option");
      expect(options.map((option) => option.textContent)).toEqual([
        "At my next sign-in",
        "In 7 days",
        "In 14 days",
        "In 30 days",
      ]);
    });

    it("skips registration for the chosen days and completes sign-in with the answered bearer", async () => {
      const { user, skipMfa, router } = await signIn({ mfaRegistered: false });
      await user.click(await screen.findByRole("combobox", { name: "Remind me" }));
      await user.click(await screen.findByRole("option", { name: "In 7 days" }));
      await user.click(screen.getByRole("button", { name: "Skip for now" }));
      await waitFor(() => expect(skipMfa).toHaveBeenCalledTimes(1));
      expect(skipMfa.mock.calls[0][0].skipDays).toBe(7);
      await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
      expect(localStorage.getItem("portal.authenticationToken")).toBe("pending-token");
    });

    it("registers the device with the first code", async () => {
      const { user, verifyMfaCode, router } = await signIn({ mfaRegistered: false });
      await user.type(await screen.findByRole("textbox", { name: "Six-digit code" }), "123456");
      await waitFor(() => expect(verifyMfaCode).toHaveBeenCalledTimes(1));
      await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    });
  });
});
