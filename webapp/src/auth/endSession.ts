import { clearActiveCustomer } from "./activeCustomer";
import { clearCredential } from "./credentialStore";

/**
 * Forgets everything the browser keeps about the signed-in user: the
 * credential and the active customer. The session provider notices the lost
 * credential, drops the cached account and the user's data, and the shell
 * turns anonymous. Sign-out and every 401/403 end here.
 */
export function endSession(): void {
  clearActiveCustomer();
  clearCredential();
}
