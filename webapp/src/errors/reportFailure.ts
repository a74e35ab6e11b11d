import { Code, ConnectError } from "@connectrpc/connect";
import { endSession } from "../auth/endSession";
import { describeFailure } from "./describeFailure";
import { showNotices } from "./notices";

/** How a query or mutation asks for special treatment of its failures. */
export type FailureMeta = {
  /** A background poll: its failures do not interrupt the user. */
  background?: boolean;
  /** The session probe: 401 only means the visitor is anonymous. */
  unauthenticatedIsExpected?: boolean;
  /** The form shows the messages itself, next to its fields; a lost session still signs out. */
  inlineMessages?: boolean;
  /**
   * A call of sign-in, registration, activation or password reset: no session
   * is at stake (a 401 there means wrong credentials), so nothing happens
   * globally and the page shows every failure itself.
   */
  outsideSession?: boolean;
  /**
   * The call reads the record a page is about: when it is not there (404,
   * also a record of another customer), the page says so itself, so no toast.
   */
  pageShowsNotFound?: boolean;
};

/** Whether a failure says the record is not there. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ConnectError && error.code === Code.NotFound;
}

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: FailureMeta;
    mutationMeta: FailureMeta;
  }
}

/**
 * Builds the one place every failed call ends up: it shows what
 * describeFailure decides, and on a lost session ends it (credential, active
 * customer, cached user data) and sends the user to sign in, remembering
 * where they were.
 */
export function createFailureReporter(goToLogin: () => void) {
  return (error: unknown, meta: FailureMeta | undefined) => {
    if (meta?.background || meta?.outsideSession) return;
    if (meta?.pageShowsNotFound && isNotFound(error)) return;
    const outcome = describeFailure(error, { unauthenticatedIsExpected: meta?.unauthenticatedIsExpected });
    switch (outcome.kind) {
      case "silent":
        return;
      case "notify":
        if (!meta?.inlineMessages) showNotices(outcome.messages);
        return;
      case "signOut":
        endSession();
        showNotices([outcome.message]);
        goToLogin();
    }
  };
}
