import { createClient } from "@connectrpc/connect";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTransport } from "./TransportContext";
import { TenantService } from "../gen/portal/v1/tenants_pb";

export type TenantChoice = { id: bigint; name: string };

/**
 * Every tenant as a choice (GET web/api/tenants-all), for the forms that
 * file something under a tenant: acss files and legal pages. A small hook
 * of its own, so that those forms do not depend on the tenant screens.
 */
export function useTenantChoices() {
  const transport = useTransport();
  const client = useMemo(() => createClient(TenantService, transport), [transport]);
  return useQuery({
    queryKey: ["tenants", "choices"],
    queryFn: async ({ signal }): Promise<TenantChoice[]> =>
      (await client.listAllTenants({}, { signal })).tenants.map((tenant) => ({ id: tenant.id, name: tenant.name })),
    staleTime: 60_000,
  });
}
