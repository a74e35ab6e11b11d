/** Where code outside React (the failure reporter of a lost session) sends the user to sign in again. */
export const lostSession = { goToLogin: () => {} };
