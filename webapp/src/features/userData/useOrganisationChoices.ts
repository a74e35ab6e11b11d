import { useUserDataPage } from "../../api/userData";
import type { CustomerRef, FulfillmentRef } from "../../gen/portal/v1/organisation_pb";
import type { UserData } from "../../gen/portal/v1/user_data_pb";

export type OrganisationChoices = {
  fulfillments: Pick<FulfillmentRef, "id" | "name">[];
  customers: Pick<CustomerRef, "id" | "name" | "crmid">[];
  isLoading: boolean;
};

/** Spec 1 §9: the fetch-all size for customer lists. */
const fetchAllSize = 10_000;

/**
 * The fulfillments and customers the user-data form offers.
 *
 * STAND-IN: there is no customer or fulfillment list call yet (they come with
 * the master-data services). Until then the choices are gathered from what
 * the user-data links already name (their customers, their fulfillments and
 * those fulfillments' customers) plus the link being edited. Swap the body for
 * the CustomerService and FulfillmentService list queries when they exist;
 * the form only depends on this hook's shape.
 */
export function useOrganisationChoices(current?: UserData | null): OrganisationChoices {
  const links = useUserDataPage({ page: 0, size: fetchAllSize });
  const fulfillments = new Map<bigint, Pick<FulfillmentRef, "id" | "name">>();
  const customers = new Map<bigint, Pick<CustomerRef, "id" | "name" | "crmid">>();
  const addCustomer = (customer: CustomerRef | undefined) => {
    if (customer && customer.id > 0n)
      customers.set(customer.id, { id: customer.id, name: customer.name, crmid: customer.crmid });
  };
  for (const link of [...(links.data?.items ?? []), ...(current ? [current] : [])]) {
    if (link.fulfillment && link.fulfillment.id > 0n) {
      fulfillments.set(link.fulfillment.id, { id: link.fulfillment.id, name: link.fulfillment.name });
      link.fulfillment.customers.forEach(addCustomer);
    }
    addCustomer(link.customer);
  }
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
  return {
    fulfillments: [...fulfillments.values()].sort(byName),
    customers: [...customers.values()].sort(byName),
    isLoading: links.isPending,
  };
}
