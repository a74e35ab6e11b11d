import { describe, expect, it } from "vitest";
import { create } from "@bufbuild/protobuf";
import { CustomerRefSchema, FulfillmentRefSchema } from "../gen/portal/v1/organisation_pb";
import { Role } from "./access";
import { resolveActiveCustomer, usesCustomerSelector } from "./activeCustomer";
import type { Session } from "./session";

const customer = (id: bigint, name: string) =>
  create(CustomerRefSchema, { id, name, crmid: `DE1000000${id}`, hubCountryCode: "DE" });
const bakery = customer(1n, "Bakery");
const books = customer(2n, "Books");
const garden = customer(3n, "Garden");

const session = (overrides: Partial<Session>): Session => ({
  login: "anna",
  firstName: "",
  lastName: "",
  email: "",
  langKey: "en",
  authorities: [Role.user],
  customer: null,
  fulfillment: null,
  ...overrides,
});
const fulfillment = (...customers: ReturnType<typeof customer>[]) =>
  create(FulfillmentRefSchema, { id: 9n, name: "Rhein Fulfillment", customers });

describe("the active customer (spec 1 §1, §6)", () => {
  it("is nobody's without a session", () => {
    expect(resolveActiveCustomer(null, "1")).toBeNull();
  });

  it("is the user's own customer", () => {
    expect(resolveActiveCustomer(session({ customer: bakery }), null)).toMatchObject({ id: 1n, name: "Bakery" });
  });

  it("is the fulfillment user's choice while it is one of their customers", () => {
    const fiona = session({ fulfillment: fulfillment(books, garden) });
    expect(resolveActiveCustomer(fiona, "3")).toMatchObject({ id: 3n });
    // A stale or missing choice falls to the first customer: no shipping page asks to choose.
    expect(resolveActiveCustomer(fiona, "1")).toMatchObject({ id: 2n });
    expect(resolveActiveCustomer(fiona, null)).toMatchObject({ id: 2n });
  });

  it("is a fulfillment's only customer without asking", () => {
    expect(resolveActiveCustomer(session({ fulfillment: fulfillment(books) }), null)).toMatchObject({ id: 2n });
  });

  it("offers the selector to fulfillment users who are not super admins", () => {
    expect(usesCustomerSelector(session({ fulfillment: fulfillment(books) }))).toBe(true);
    expect(usesCustomerSelector(session({ authorities: [Role.superAdmin], fulfillment: fulfillment(books) }))).toBe(
      false,
    );
    expect(usesCustomerSelector(session({ customer: bakery }))).toBe(false);
  });

  it("ignores a stored choice for a super admin with a fulfillment, who keeps their own customer", () => {
    const sam = session({ authorities: [Role.superAdmin], fulfillment: fulfillment(books), customer: bakery });
    expect(resolveActiveCustomer(sam, "2")).toMatchObject({ id: 1n });
  });
});
