/**
 * A login's page in the user management, for the user pages and for every
 * other page that links to a login. The login is encoded as a path segment:
 * logins may hold characters such as ? and {.
 */
export const userPath = (login: string) => `/admin/user-management/${encodeURIComponent(login)}`;
