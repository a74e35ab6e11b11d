import { useSyncExternalStore } from "react";

/**
 * Where the bearer credential lives between page loads. Remember-me keeps it
 * in localStorage (survives closing the browser); otherwise it goes to
 * sessionStorage (gone with the tab), as spec 1 §4 asks. Sign-in writes it,
 * the transport reads it for every call, and sign-out or a 401/403 clears it;
 * the session follows every change through subscribeCredential.
 */
const storageKey = "portal.authenticationToken";

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function readCredential(): string | null {
  return localStorage.getItem(storageKey) ?? sessionStorage.getItem(storageKey);
}

export function storeCredential(token: string, rememberMe: boolean): void {
  localStorage.removeItem(storageKey);
  sessionStorage.removeItem(storageKey);
  (rememberMe ? localStorage : sessionStorage).setItem(storageKey, token);
  notify();
}

export function clearCredential(): void {
  const had = readCredential() !== null;
  localStorage.removeItem(storageKey);
  sessionStorage.removeItem(storageKey);
  if (had) notify();
}

/** Calls the listener whenever the credential changes, in this tab or (remember-me) in another one. */
export function subscribeCredential(listener: () => void): () => void {
  listeners.add(listener);
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === storageKey || event.key === null) listener();
  };
  window.addEventListener("storage", fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", fromOtherTab);
  };
}

/** The credential now, re-rendering when it changes. */
export function useCredential(): string | null {
  return useSyncExternalStore(subscribeCredential, readCredential);
}

/** The bearer out of an `Authorization: Bearer …` header, as sign-in answers it. */
export function bearerFromHeader(value: string | null): string | null {
  const match = value?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1] : null;
}
