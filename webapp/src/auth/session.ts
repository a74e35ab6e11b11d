import { createContext, useContext } from "react";

/** The signed-in user as the shell needs it (spec 1 §3, Account). */
export type Session = {
  login: string;
  authorities: string[];
};

/**
 * The current session, or null for an anonymous visitor. The shell decides
 * its menus and landing page from this value alone; sign-in (a later issue)
 * provides it.
 */
export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session | null {
  return useContext(SessionContext);
}

/** A user whose only role is ROLE_TRACKING sees nothing but tracking (spec 1 §6). */
export function isTrackingOnly(session: Session): boolean {
  return session.authorities.length === 1 && session.authorities[0] === "ROLE_TRACKING";
}
