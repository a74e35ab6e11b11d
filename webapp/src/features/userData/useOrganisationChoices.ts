import { useCustomerChoices, useFulfillmentPage } from "../../api/organisation";
import type { CustomerRef, FulfillmentRef } from "../../gen/portal/v1/organisation_pb";
import type { UserData } from "../../gen/portal/v1/user_data_pb";

export type OrganisationChoices = {
  fulfillments: Pick<FulfillmentRef, "id" | "name">[];
  customers: Pick<CustomerRef, "id" | "name" | "crmid">[];
  isLoading: boolean;
};

/** Spec 1 §9: the fetch-all size for lists that feed selects. */
const fetchAllSize = 10_000;

/**
 * The fulfillments and customers the user-data form offers: every
 * fulfillment (GET web/api/fulfillments?page=0&size=10000) and every customer
 * (the fulfillment service's customer choices), plus whatever the link being
 * edited names, so that a saved choice always shows.
 */
export function useOrganisationChoices(current?: UserData | null): OrganisationChoices {
  const fulfillmentList = useFulfillmentPage({ page: 0, size: fetchAllSize });
  const customerList = useCustomerChoices();
  const fulfillments = new Map<bigint, Pick<FulfillmentRef, "id" | "name">>();
  const customers = new Map<bigint, Pick<CustomerRef, "id" | "name" | "crmid">>();
  for (const fulfillment of fulfillmentList.data?.items ?? [])
    fulfillments.set(fulfillment.id, { id: fulfillment.id, name: fulfillment.name });
  for (const choice of customerList.data ?? []) {
    const customer = choice.customer;
    if (customer) customers.set(customer.id, { id: customer.id, name: customer.name, crmid: customer.crmid });
  }
  if (current?.fulfillment && current.fulfillment.id > 0n && !fulfillments.has(current.fulfillment.id))
    fulfillments.set(current.fulfillment.id, { id: current.fulfillment.id, name: current.fulfillment.name });
  if (current?.customer && current.customer.id > 0n && !customers.has(current.customer.id))
    customers.set(current.customer.id, current.customer);
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
  return {
    fulfillments: [...fulfillments.values()].sort(byName),
    customers: [...customers.values()].sort(byName),
    isLoading: fulfillmentList.isPending || customerList.isPending,
  };
}
