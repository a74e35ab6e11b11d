import { describe, expect, it } from "vitest";
import {
  awaitsLink,
  decideAccess,
  isAdmin,
  isSuperAdmin,
  isTrackingOnly,
  Role,
  routeAccess,
  routeTable,
  showsAccessPending,
} from "./access";

const allRoles = Object.values(Role);
const as = (...authorities: Role[]) => ({ authorities });

/**
 * The expected policy of every row, written out once more from spec 1 §6 so
 * that a change to the table has to change this list too.
 */
const entity = [Role.admin, Role.superAdmin, Role.user, Role.operations];
const report = [...entity, Role.customerService];
const tracking = [...report, Role.tracking];
const expected: Record<string, "public" | Role[]> = {
  "/": "public",
  "/login": "public",
  "/logout": "public",
  "/account/register": "public",
  "/account/registered": "public",
  "/account/activate": "public",
  "/account/reset/request": "public",
  "/account/reset/finish": "public",
  "/legal": "public",
  "/parcel-inquiry": "public",
  "/newsletter/confirm": "public",
  "/account": [],
  "/admin": [Role.admin, Role.superAdmin],
  "/dashboard": [...report, Role.tracking],
  "/report": report,
  "/customs-docs": report,
  "/tracking": tracking,
  "/newsletter-subscribe": tracking,
  "/internal-parcel-inquiry": tracking,
  "/batch": entity,
  "/shipment": entity,
  "/parcel": entity,
  "/customer": entity,
  // Staff only, like the server's tenant and fulfillment services.
  "/fulfillment": [Role.admin, Role.superAdmin, Role.operations],
  // Stricter than the other entity pages: the server lets only staff maintain links.
  "/user-data": [Role.admin, Role.superAdmin, Role.operations],
  // Admin work on the server (documents, acss, news, invoice report).
  "/product-codes-doc": [Role.admin, Role.superAdmin],
  "/csv-template-doc": [Role.admin, Role.superAdmin],
  "/tenant": [Role.admin, Role.superAdmin, Role.operations],
  "/acss": [Role.admin, Role.superAdmin],
  "/news": [Role.admin, Role.superAdmin],
  "/address-book": entity,
  // Admin work on the server, as the admin menu's other entries.
  "/routing-options": [Role.admin, Role.superAdmin],
  "/invoice-report": [Role.admin, Role.superAdmin],
};

describe("the route table (spec 1 §6)", () => {
  it("has exactly the rows this test expects", () => {
    expect(routeTable.map(([prefix]) => prefix).sort()).toEqual(Object.keys(expected).sort());
  });

  describe.each(routeTable.map(([prefix]) => prefix))("%s", (prefix) => {
    const want = expected[prefix];
    const path = prefix === "/" ? "/" : `${prefix}/some/page`;

    if (want === "public") {
      it("is open to anonymous visitors", () => {
        expect(routeAccess(prefix)).toEqual({ public: true });
        expect(decideAccess(path, null)).toBe("allow");
      });
      return;
    }

    it("sends anonymous visitors to sign in", () => {
      expect(decideAccess(path, null)).toBe("signIn");
    });

    // The tracking-only user is covered by its own rule below.
    const regularRoles = allRoles.filter((role) => role !== Role.tracking);
    it.each(regularRoles)("decides for a user holding only %s", (role) => {
      const allowed = want.length === 0 || want.includes(role);
      expect(decideAccess(path, as(role))).toBe(allowed ? "allow" : "forbidden");
    });

    it("refuses a signed-in user without any role", () => {
      expect(decideAccess(path, as())).toBe("forbidden");
    });
  });
});

describe("longest prefix wins", () => {
  it("keeps the registration pages public although /account needs a role", () => {
    expect(decideAccess("/account/register", null)).toBe("allow");
    expect(decideAccess("/account/activate/abc", null)).toBe("allow");
    expect(decideAccess("/account/settings", null)).toBe("signIn");
  });

  it("matches whole path segments only", () => {
    expect(routeAccess("/reports-of-others")).toEqual({ public: true });
    expect(routeAccess("/report")).not.toEqual({ public: true });
  });

  it("leaves unknown paths to the not-found page", () => {
    expect(decideAccess("/no/such/page", null)).toBe("allow");
  });
});

describe("the tracking-only user (spec 1 §6)", () => {
  const trackingUser = as(Role.tracking);

  it.each([
    "/tracking",
    "/tracking/search",
    // The tracking grid's inquiry link.
    "/internal-parcel-inquiry/TR1/FT1",
    "/account/settings",
    "/account/password",
    "/",
    "/login",
    "/legal/imprint",
  ])("may open %s", (path) => expect(decideAccess(path, trackingUser)).toBe("allow"));

  it.each(["/dashboard", "/newsletter-subscribe", "/report", "/batch", "/admin"])("may not open %s", (path) => {
    expect(decideAccess(path, trackingUser)).toBe("forbidden");
  });

  it("is a tracking user only while TRACKING is the single role", () => {
    expect(isTrackingOnly(trackingUser)).toBe(true);
    expect(isTrackingOnly(as(Role.tracking, Role.user))).toBe(false);
    expect(decideAccess("/dashboard", as(Role.tracking, Role.customerService))).toBe("allow");
  });
});

describe("a login staff have not linked yet (issue 9: a registration is a request)", () => {
  const unlinked = (...authorities: Role[]) => ({ authorities, customer: null, fulfillment: null });
  const bakery = { id: 1n };

  it("waits for its link unless it is staff", () => {
    expect(awaitsLink(unlinked(Role.user))).toBe(true);
    expect(awaitsLink(unlinked(Role.user, Role.api))).toBe(true);
    expect(awaitsLink(unlinked(Role.tracking))).toBe(true);
    expect(awaitsLink({ ...unlinked(Role.user), customer: bakery })).toBe(false);
    expect(awaitsLink({ ...unlinked(Role.user), fulfillment: { id: 5n } })).toBe(false);
    for (const staff of [Role.admin, Role.superAdmin, Role.operations, Role.customerService]) {
      expect(awaitsLink(unlinked(staff))).toBe(false);
    }
    // Without any role it is refused outright, not waiting.
    expect(awaitsLink(unlinked())).toBe(false);
  });

  it.each(["/dashboard", "/batch", "/batch/12", "/customer", "/tracking", "/report", "/admin"])(
    "sees the access-pending page at %s",
    (path) => expect(showsAccessPending(path, unlinked(Role.user))).toBe(true),
  );

  it.each(["/account/settings", "/account/password", "/", "/login", "/legal/imprint"])("still reaches %s", (path) =>
    expect(showsAccessPending(path, unlinked(Role.user))).toBe(false),
  );

  it("ends once linked", () => {
    expect(showsAccessPending("/batch", { ...unlinked(Role.user), customer: bakery })).toBe(false);
  });
});

describe("role flags", () => {
  it("counts ADMIN and SUPERADMIN as admins", () => {
    expect(isAdmin(as(Role.admin))).toBe(true);
    expect(isAdmin(as(Role.superAdmin))).toBe(true);
    expect(isAdmin(as(Role.operations))).toBe(false);
  });

  it("knows the super admin apart", () => {
    expect(isSuperAdmin(as(Role.superAdmin, Role.admin))).toBe(true);
    expect(isSuperAdmin(as(Role.admin))).toBe(false);
  });
});
