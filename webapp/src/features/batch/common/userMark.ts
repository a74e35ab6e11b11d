/**
 * A login as the batch screens show it: an admin's name carries "(ADMIN)"
 * (spec 2 §6), so customers can tell their own people from the carrier's
 * staff. The mark is the role's name, the same in every language.
 */
export function markedLogin(login: string, admin: boolean): string {
  return login && admin ? `${login} (ADMIN)` : login;
}
