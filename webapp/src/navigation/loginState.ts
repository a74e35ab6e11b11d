import type { Location } from "react-router";

/** What other pages hand to /login: where the user came from, and a notice to show. */
export type LoginLocationState = { from?: Location; notice?: "passwordReset" };
