import { Code, ConnectError } from "@connectrpc/connect";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { useAccountQuery } from "../api/account";
import { presentRef } from "../api/ids";
import { useMyUserDataQuery } from "../api/userData";
import { showNotices } from "../errors/notices";
import type { Account } from "../gen/portal/v1/account_pb";
import type { UserData } from "../gen/portal/v1/user_data_pb";
import { useCredential } from "./credentialStore";
import { endSession } from "./endSession";
import type { TrackedSession } from "../api/connection";
import { anonymous, type Session, type SessionState } from "./session";
import { ActivationStatus } from "../gen/portal/v1/vocabulary_pb";

/** Spec 1 §4: only an ACTIVE account counts as signed in. */
const activeStatus = ActivationStatus.ACTIVE;

function sessionOf(account: Account, userData: UserData | null | undefined): Session {
  const { login, firstName, lastName, email, langKey, authorities } = account;
  return {
    login,
    firstName,
    lastName,
    email,
    langKey,
    authorities,
    // Staff have neither customer nor fulfillment: their references come empty.
    customer: presentRef(userData?.customer),
    fulfillment: presentRef(userData?.fulfillment),
  };
}

const isAuthFailure = (error: unknown) =>
  error instanceof ConnectError && (error.code === Code.Unauthenticated || error.code === Code.PermissionDenied);

/**
 * Turns the stored credential into the session the app reads (spec 1 §4):
 * with a credential it fetches the account (its 401 is silent) and the
 * user's data; a credential that no longer opens an active session is
 * forgotten. When the credential goes (sign-out, a 401 or 403 anywhere, a
 * sign-out in another tab) the cached data of the user goes with it. It
 * renders nothing: it hands the session to the ConnectionProvider, which
 * loads it with the connection (issue 26).
 */
export function SessionTracker({ onChange }: { onChange: (tracked: TrackedSession) => void }) {
  const credential = useCredential();
  const account = useAccountQuery(credential);
  const isActive = account.data?.activationStatus === activeStatus;
  // A login without roles may call nothing (spec 1 §6); asking would only earn a 403 and a sign-out.
  const hasRoles = (account.data?.authorities.length ?? 0) > 0;
  const userData = useMyUserDataQuery(credential, isActive && hasRoles);

  const probeFailedForGood = account.isError && isAuthFailure(account.error);
  const inactive = account.isSuccess && !isActive;
  useEffect(() => {
    if (probeFailedForGood) endSession();
  }, [probeFailedForGood]);
  useEffect(() => {
    if (!inactive) return;
    endSession();
    showNotices([{ text: { id: "error.notActivated" } }]);
  }, [inactive]);

  usePurgeOnCredentialChange(credential);

  const state = useMemo((): SessionState => {
    if (credential === null) return anonymous;
    if (account.isPending) return { status: "loading" };
    if (!account.data || !isActive) return anonymous;
    if (hasRoles && userData.isPending) return { status: "loading" };
    return { status: "authenticated", session: sessionOf(account.data, userData.data) };
  }, [credential, account.isPending, account.data, isActive, hasRoles, userData.isPending, userData.data]);

  useEffect(() => onChange({ credential, state }), [onChange, credential, state]);
  return null;
}

/**
 * Drops every cached answer that belonged to the previous credential, so
 * the next user starts clean; the public profile stays.
 */
function usePurgeOnCredentialChange(credential: string | null) {
  const queryClient = useQueryClient();
  const previous = useRef(credential);
  useEffect(() => {
    if (previous.current !== null && previous.current !== credential) {
      queryClient.removeQueries({
        predicate: ({ queryKey }) =>
          queryKey[0] !== "management" && !(queryKey[0] === "session" && queryKey[2] === credential),
      });
    }
    previous.current = credential;
  }, [credential, queryClient]);
}
