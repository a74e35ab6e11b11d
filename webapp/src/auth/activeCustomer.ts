import { useCallback, useSyncExternalStore } from "react";
import type { CustomerRef } from "../gen/portal/v1/organisation_pb";
import { isSuperAdmin } from "./access";
import { type Session, useSession } from "./session";

/**
 * The active customer (spec 1 §1): the customer batches, shipments and
 * parcels are made for. A user with a customer of their own works for it; a
 * fulfillment user chooses among the fulfillment's customers, and the choice
 * is kept for the browser session.
 */
export type ActiveCustomer = {
  id: bigint;
  name: string;
  crmid: string;
  hubCountryCode: string;
};

const storageKey = "portal.activeCustomer";
const listeners = new Set<() => void>();

function readChoice(): string | null {
  return sessionStorage.getItem(storageKey);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function writeChoice(customerId: bigint | null) {
  if (customerId === null) sessionStorage.removeItem(storageKey);
  else sessionStorage.setItem(storageKey, String(customerId));
  listeners.forEach((listener) => listener());
}

/** Forgets the choice; sign-out calls it. */
export function clearActiveCustomer(): void {
  writeChoice(null);
}

const toActive = ({ id, name, crmid, hubCountryCode }: CustomerRef): ActiveCustomer => ({
  id,
  name,
  crmid,
  hubCountryCode,
});

/** Whether the header offers the customer selector: to non-super-admins who act for a fulfillment (spec 1 §6). */
export function usesCustomerSelector(session: Session): boolean {
  return !isSuperAdmin(session) && session.fulfillment !== null;
}

/** The customers a user may choose from: those of their fulfillment. */
export function customerChoices(session: Session): CustomerRef[] {
  return usesCustomerSelector(session) ? (session.fulfillment?.customers ?? []) : [];
}

/**
 * Which customer is active for a session and a stored choice: a fulfillment
 * user's choice if it is still one of their customers, else their first
 * customer (spec 1 §2: the header preselects one, so no shipping page opens
 * asking to choose), else the user's own customer, else none.
 */
export function resolveActiveCustomer(session: Session | null, storedId: string | null): ActiveCustomer | null {
  if (!session) return null;
  if (usesCustomerSelector(session)) {
    const choices = customerChoices(session);
    const chosen = choices.find((customer) => String(customer.id) === storedId);
    if (chosen) return toActive(chosen);
    if (choices.length > 0) return toActive(choices[0]);
  }
  return session.customer ? toActive(session.customer) : null;
}

/** The active customer and, for fulfillment users, the way to switch it. Later screens read it from here. */
export function useActiveCustomer() {
  const session = useSession();
  const storedId = useSyncExternalStore(subscribe, readChoice);
  const activeCustomer = resolveActiveCustomer(session, storedId);
  const setActiveCustomer = useCallback((customer: CustomerRef | null) => writeChoice(customer?.id ?? null), []);
  return { activeCustomer, setActiveCustomer };
}
