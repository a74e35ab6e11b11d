/**
 * Who may see what (spec 1 §2 and §6): the roles, the flags the shell derives
 * from them, and the one table that says which routes need which roles. The
 * route guard, the menus and the tests all read this module, so a change of
 * policy happens here and nowhere else.
 */

import { Role as ContractRole } from "../gen/portal/v1/vocabulary_pb";

/** The roles by the names the screens' code uses; the values are the contract's Role enum. */
export const Role = {
  superAdmin: ContractRole.SUPERADMIN,
  admin: ContractRole.ADMIN,
  operations: ContractRole.OPERATIONS,
  user: ContractRole.USER,
  api: ContractRole.API,
  customerService: ContractRole.CUSTOMER_SERVICE,
  tracking: ContractRole.TRACKING,
} as const;

export type Role = ContractRole;

/** Anyone who holds roles; the guard and the menus need nothing else to decide. */
export type RoleHolder = { authorities: readonly Role[] };

export function hasAnyRole(holder: RoleHolder, roles: readonly Role[]): boolean {
  return roles.some((role) => holder.authorities.includes(role));
}

/** Admin means ADMIN or SUPERADMIN. */
export function isAdmin(holder: RoleHolder): boolean {
  return hasAnyRole(holder, [Role.admin, Role.superAdmin]);
}

/** The super admin is also a flag of its own: it hides the admin menu's business entries. */
export function isSuperAdmin(holder: RoleHolder): boolean {
  return hasAnyRole(holder, [Role.superAdmin]);
}

/** A user whose only role is TRACKING sees nothing but tracking. */
export function isTrackingOnly(holder: RoleHolder): boolean {
  return holder.authorities.length === 1 && holder.authorities[0] === Role.tracking;
}

const { superAdmin, admin, operations, user, customerService, tracking } = Role;

/** Roles of the entity pages (batches, customers, ...): spec 1 §6, "other entity pages". */
const entityRoles: Role[] = [admin, superAdmin, user, operations];
/** Report and customs documents. */
const reportRoles: Role[] = [admin, superAdmin, user, operations, customerService];
/**
 * User data links logins to customers, which grants access to their data: the
 * server lets only staff maintain them, and the page follows it.
 */
const staffRoles: Role[] = [admin, superAdmin, operations];
/** Tracking and the newsletter: the report roles plus TRACKING. */
const trackingRoles: Role[] = [...reportRoles, tracking];

/**
 * What a route needs: nothing (public), any signed-in user with a role
 * (an empty list), or one of the listed roles.
 */
export type RouteAccess = { public: true } | { public: false; roles: readonly Role[] };

const open: RouteAccess = { public: true };
const anyRole: RouteAccess = { public: false, roles: [] };
const anyOf = (...roles: Role[]): RouteAccess => ({ public: false, roles });

/**
 * The route table of spec 1 §2 and §6, by path prefix; the longest matching
 * prefix wins, so the public account pages come before /account. A path
 * that no row names (the not-found page) is public.
 */
export const routeTable: readonly (readonly [prefix: string, access: RouteAccess])[] = [
  ["/", open],
  ["/login", open],
  ["/logout", open],
  ["/account/register", open],
  ["/account/registered", open],
  ["/account/activate", open],
  ["/account/reset/request", open],
  ["/account/reset/finish", open],
  ["/legal", open],
  ["/parcel-inquiry", open],
  // The newsletter's confirmation link: its token is the proof of the address.
  ["/newsletter/confirm", open],
  ["/account", anyRole],
  ["/admin", anyOf(admin, superAdmin)],
  ["/dashboard", anyOf(admin, superAdmin, user, operations, customerService, tracking)],
  ["/report", anyOf(...reportRoles)],
  ["/customs-docs", anyOf(...reportRoles)],
  ["/tracking", anyOf(...trackingRoles)],
  ["/newsletter-subscribe", anyOf(...trackingRoles)],
  // Reached from the tracking grid: whoever may track may ask about a parcel.
  ["/internal-parcel-inquiry", anyOf(...trackingRoles)],
  ["/user-data", anyOf(...staffRoles)],
  // Tenants and fulfillments are staff work on the server too (spec 3 §6).
  ["/tenant", anyOf(...staffRoles)],
  ["/fulfillment", anyOf(...staffRoles)],
  // Documents, acss files, news, the invoice report and the routing options
  // are admin work on the server; the spec leaves who reaches them open
  // (spec 3 §6), and a page the server refuses would sign the user out.
  ...["/product-codes-doc", "/csv-template-doc", "/acss", "/news", "/invoice-report", "/routing-options"].map(
    (prefix) => [prefix, anyOf(admin, superAdmin)] as const,
  ),
  ...["/batch", "/shipment", "/parcel", "/customer", "/address-book"].map(
    (prefix) => [prefix, anyOf(...entityRoles)] as const,
  ),
];

/**
 * The reduced route set of a tracking-only user: tracking with the inquiry its
 * grid files about a parcel, their own account pages and whatever is public.
 * The dashboard lists TRACKING among its roles, but such a user has no
 * dashboard (spec 1 §6).
 */
const trackingOnlyPrefixes = ["/tracking", "/internal-parcel-inquiry", "/account"];

/** Staff act for every customer without a link of their own (spec 1 §6). */
const staffWithoutLink: Role[] = [admin, superAdmin, operations, customerService];

/** A role holder with the links staff gave it through user data. */
export type LinkHolder = RoleHolder & { customer: unknown; fulfillment: unknown };

/**
 * A signed-in login with roles that is not staff and that staff have not yet
 * linked to a customer or fulfillment: a self-registration is a request
 * until then, and the server answers it as a user without a customer.
 */
export function awaitsLink(holder: LinkHolder): boolean {
  return (
    holder.authorities.length > 0 && !hasAnyRole(holder, staffWithoutLink) && !holder.customer && !holder.fulfillment
  );
}

/**
 * Where a login waiting for its link may go: its own account pages (profile,
 * password, sign-out) and the public ones; every other page says that its
 * access is being set up.
 */
export function showsAccessPending(path: string, holder: LinkHolder): boolean {
  return awaitsLink(holder) && !routeAccess(path).public && !matches(path, "/account");
}

function matches(path: string, prefix: string): boolean {
  if (prefix === "/") return path === "/";
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The row of the route table that governs a path. */
export function routeAccess(path: string): RouteAccess {
  let best: (typeof routeTable)[number] | undefined;
  for (const row of routeTable) {
    if (matches(path, row[0]) && (!best || row[0].length > best[0].length)) best = row;
  }
  return best ? best[1] : open;
}

/** What the guard does with a visitor at a path: let them in, ask them to sign in, or refuse. */
export type AccessDecision = "allow" | "signIn" | "forbidden";

export function decideAccess(path: string, holder: RoleHolder | null): AccessDecision {
  const access = routeAccess(path);
  if (access.public) return "allow";
  if (!holder) return "signIn";
  // A user without roles is denied everywhere (spec 1 §6).
  if (holder.authorities.length === 0) return "forbidden";
  if (isTrackingOnly(holder) && !trackingOnlyPrefixes.some((prefix) => matches(path, prefix))) return "forbidden";
  if (access.roles.length === 0 || hasAnyRole(holder, access.roles)) return "allow";
  return "forbidden";
}
