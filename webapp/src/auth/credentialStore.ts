/**
 * Where the bearer credential lives between page loads. Remember-me keeps it
 * in localStorage (survives closing the browser); otherwise it goes to
 * sessionStorage (gone with the tab), as spec 1 §4 asks. Sign-in writes it,
 * the transport reads it for every call, and sign-out or a 401/403 clears it.
 */
const storageKey = "portal.authenticationToken";

export function readCredential(): string | null {
  return localStorage.getItem(storageKey) ?? sessionStorage.getItem(storageKey);
}

export function storeCredential(token: string, rememberMe: boolean): void {
  clearCredential();
  (rememberMe ? localStorage : sessionStorage).setItem(storageKey, token);
}

export function clearCredential(): void {
  localStorage.removeItem(storageKey);
  sessionStorage.removeItem(storageKey);
}
