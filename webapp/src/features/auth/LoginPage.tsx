import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { Suspense, useState } from "react";
import { type Location, Navigate, useLocation, useNavigate } from "react-router";
import type { SignInAnswer } from "../../api/account";
import { withConnection } from "../../api/connection";
import { storeCredential } from "../../auth/credentialStore";
import { withFullCatalog } from "../../i18n/activateLocale";
import { useSessionState } from "../../auth/session";
import { SuccessMessage } from "../../components/form/SuccessMessage";
import type { LoginLocationState } from "../../navigation/loginState";
import { pageTitles } from "../../navigation/pageTitles";
import { usePageTitle } from "../../navigation/usePageTitle";
import { LoginDialog } from "./LoginDialog";
import { lazyNamed } from "../../components/lazyNamed";

/** The second factor's dialog (and its select) loads only when a sign-in asks for it: /login stays small (issue 16). */
const MfaDialog = lazyNamed(() => withConnection(withFullCatalog(import("./MfaDialog"))), "MfaDialog");

/** Where to go after sign-in: back to the page that asked for it, otherwise the start page. */
export function returnPath(from: Location | undefined): string {
  if (!from || from.pathname === "/login" || from.pathname === "/logout") return "/";
  return `${from.pathname}${from.search}${from.hash}`;
}

/**
 * /login (spec 1 §2, §4): the sign-in dialog, then the MFA dialog when the
 * answer asks for a second factor. Once the session is set up the user goes
 * back where they came from; closing the dialog leads to the start page.
 */
export function LoginPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._(pageTitles.login));
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSessionState();
  const [pending, setPending] = useState<SignInAnswer | null>(null);
  const state = location.state as LoginLocationState | null;

  if (session.status === "authenticated") return <Navigate to={returnPath(state?.from)} replace />;

  const complete = (token: string, rememberMe: boolean) => {
    setPending(null);
    storeCredential(token, rememberMe);
  };
  const answer = (signIn: SignInAnswer) => {
    if (signIn.mfaEnabled) setPending(signIn);
    else complete(signIn.token, signIn.rememberMe);
  };
  const abandonMfa = () => {
    // The half-finished session is good for nothing: give it back.
    if (pending) void import("./signIn").then(({ abandonSignIn }) => abandonSignIn(pending.token));
    setPending(null);
  };

  if (pending) {
    return (
      <Suspense>
        <MfaDialog
          pending={pending}
          // The remember-me choice of the sign-in decides where the final bearer is kept.
          onComplete={({ idToken }) => complete(idToken, pending.rememberMe)}
          onCancel={abandonMfa}
        />
      </Suspense>
    );
  }
  return (
    <LoginDialog
      onAnswer={answer}
      onClose={() => void navigate("/")}
      completing={session.status === "loading"}
      notice={
        state?.notice === "passwordReset" && (
          <SuccessMessage>
            <Trans>Your password has been reset. Please sign in.</Trans>
          </SuccessMessage>
        )
      }
    />
  );
}
