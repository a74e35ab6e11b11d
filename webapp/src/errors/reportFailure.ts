import { clearCredential } from "../auth/credentialStore";
import { describeFailure } from "./describeFailure";
import { showNotices } from "./notices";

/** How a query or mutation asks for special treatment of its failures. */
export type FailureMeta = {
  /** A background poll: its failures do not interrupt the user. */
  background?: boolean;
  /** The session probe: 401 only means the visitor is anonymous. */
  unauthenticatedIsExpected?: boolean;
};

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: FailureMeta;
    mutationMeta: FailureMeta;
  }
}

/**
 * Builds the one place every failed call ends up: it shows what
 * describeFailure decides, and on a lost session forgets the credential and
 * sends the user to sign in, remembering where they were.
 */
export function createFailureReporter(goToLogin: () => void) {
  return (error: unknown, meta: FailureMeta | undefined) => {
    if (meta?.background) return;
    const outcome = describeFailure(error, { unauthenticatedIsExpected: meta?.unauthenticatedIsExpected });
    switch (outcome.kind) {
      case "silent":
        return;
      case "notify":
        showNotices(outcome.messages);
        return;
      case "signOut":
        clearCredential();
        showNotices([outcome.message]);
        goToLogin();
    }
  };
}
