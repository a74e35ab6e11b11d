import { createContext, useContext } from "react";
import type { CustomerRef, FulfillmentRef } from "../gen/portal/v1/organisation_pb";
import { isTrackingOnly as holdsOnlyTracking } from "./access";
import type { Role } from "./access";

/**
 * The signed-in user as the shell needs it (spec 1 §3): the account, and the
 * customer or fulfillment their user data links them to.
 */
export type Session = {
  login: string;
  firstName: string;
  lastName: string;
  email: string;
  langKey: string;
  authorities: Role[];
  /** The customer the login belongs to, if any. */
  customer: CustomerRef | null;
  /** The fulfillment the login acts for, with the customers it may switch between. */
  fulfillment: FulfillmentRef | null;
};

/**
 * Where the session stands: still being asked for (a credential is stored
 * and the account is on its way), no session, or signed in.
 */
export type SessionState =
  { status: "loading" } | { status: "anonymous" } | { status: "authenticated"; session: Session };

export const anonymous: SessionState = { status: "anonymous" };

/** Provided by the ConnectionProvider (api/connection.tsx); a tree without one is anonymous. */
export const SessionContext = createContext<SessionState>(anonymous);

export function useSessionState(): SessionState {
  return useContext(SessionContext);
}

/** The signed-in user, or null while anonymous or still loading. */
export function useSession(): Session | null {
  const state = useSessionState();
  return state.status === "authenticated" ? state.session : null;
}

/** A user whose only role is ROLE_TRACKING sees nothing but tracking (spec 1 §6). */
export function isTrackingOnly(session: Session): boolean {
  return holdsOnlyTracking(session);
}
