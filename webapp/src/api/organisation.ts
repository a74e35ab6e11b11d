import type { MessageInitShape } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type Fulfillment, type FulfillmentSchema, FulfillmentService } from "../gen/portal/v1/fulfillments_pb";
import { type Tenant, type TenantSchema, TenantService } from "../gen/portal/v1/tenants_pb";
import { useListMutation } from "./listMutation";
import { useTransport } from "./TransportContext";

/** The TenantService (spec 3 §7, "Tenants"). */
function useTenantClient() {
  const transport = useTransport();
  return useMemo(() => createClient(TenantService, transport), [transport]);
}

/** The FulfillmentService (spec 3 §7, "Fulfillments") with the customer choices. */
function useFulfillmentClient() {
  const transport = useTransport();
  return useMemo(() => createClient(FulfillmentService, transport), [transport]);
}

const tenantKey = ["tenants"] as const;
const fulfillmentKey = ["fulfillments"] as const;
const choicesKey = ["customerChoices"] as const;
/** Saving a fulfillment moves customers: the customer and user-data choices change too. */
const movedCustomers = { alsoStale: [choicesKey, ["userData"]] };

export type PageRequest = { page: number; size: number };

/** GET web/api/tenants: one page with the total. */
export function useTenantPage(request: PageRequest) {
  const client = useTenantClient();
  return useQuery({
    queryKey: [...tenantKey, "page", request],
    queryFn: async ({ signal }) => {
      const { tenants, totalCount } = await client.listTenants(request, { signal });
      return { items: tenants, totalCount: Number(totalCount) };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET web/api/tenants/{id}. */
export function useTenant(id: bigint | null) {
  const client = useTenantClient();
  return useQuery({
    queryKey: [...tenantKey, "one", String(id)],
    queryFn: async ({ signal }) => (await client.getTenant({ id: id ?? 0n }, { signal })).tenant ?? null,
    enabled: id !== null,
  });
}

export type TenantInit = MessageInitShape<typeof TenantSchema>;

export function useSaveTenant() {
  const client = useTenantClient();
  return useListMutation(tenantKey, async (tenant: TenantInit): Promise<Tenant | undefined> =>
    tenant.id ? (await client.updateTenant({ tenant })).tenant : (await client.createTenant({ tenant })).tenant,
  );
}

export function useDeleteTenant() {
  const client = useTenantClient();
  return useListMutation(tenantKey, (id: bigint) => client.deleteTenant({ id }));
}

export type CredentialCheck = {
  type: "a1" | "grp";
  username: string;
  password: string;
  apiKey: string;
  tenantId: bigint;
};

/** POST web/api/tenants/{type}/_check-api-credentials: true for a working login. */
export function useCheckTenantCredentials() {
  const client = useTenantClient();
  return useMutation({
    mutationFn: async (check: CredentialCheck) => (await client.checkTenantCredentials(check)).valid,
    meta: { inlineMessages: true },
  });
}

/** GET web/api/fulfillments: one page with the total; page 0 size 10000 serves selects. */
export function useFulfillmentPage(request: PageRequest) {
  const client = useFulfillmentClient();
  return useQuery({
    queryKey: [...fulfillmentKey, "page", request],
    queryFn: async ({ signal }) => {
      const { fulfillments, totalCount } = await client.listFulfillments(request, { signal });
      return { items: fulfillments, totalCount: Number(totalCount) };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET web/api/fulfillments/{id}. */
export function useFulfillment(id: bigint | null) {
  const client = useFulfillmentClient();
  return useQuery({
    queryKey: [...fulfillmentKey, "one", String(id)],
    queryFn: async ({ signal }) => (await client.getFulfillment({ id: id ?? 0n }, { signal })).fulfillment ?? null,
    enabled: id !== null,
  });
}

/** Every customer with the fulfillment it belongs to (staff only). */
export function useCustomerChoices(enabled = true) {
  const client = useFulfillmentClient();
  return useQuery({
    queryKey: [...choicesKey],
    queryFn: async ({ signal }) => (await client.listCustomerChoices({}, { signal })).customers,
    enabled,
  });
}

export type FulfillmentInit = MessageInitShape<typeof FulfillmentSchema>;

export function useSaveFulfillment() {
  const client = useFulfillmentClient();
  return useListMutation(
    fulfillmentKey,
    async (fulfillment: FulfillmentInit): Promise<Fulfillment | undefined> =>
      fulfillment.id
        ? (await client.updateFulfillment({ fulfillment })).fulfillment
        : (await client.createFulfillment({ fulfillment })).fulfillment,
    movedCustomers,
  );
}

export function useDeleteFulfillment() {
  const client = useFulfillmentClient();
  return useListMutation(fulfillmentKey, (id: bigint) => client.deleteFulfillment({ id }), movedCustomers);
}

/** The selected customers that belong to another fulfillment: the confirmation before saving. */
export function useCheckFulfillmentCustomers() {
  const client = useFulfillmentClient();
  return useMutation({
    mutationFn: async (request: { id: bigint; customerIds: bigint[] }) =>
      (await client.checkFulfillmentCustomers(request)).customers,
    meta: { inlineMessages: true },
  });
}
