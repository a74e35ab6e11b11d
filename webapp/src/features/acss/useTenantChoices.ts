import { createClient } from "@connectrpc/connect";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTransport } from "../../api/TransportContext";
import { TenantService } from "../../gen/portal/v1/tenants_pb";

export type TenantChoice = { id: bigint; name: string };

/**
 * The tenants an acss file may belong to, from GET web/api/tenants-all. Kept
 * here as a small hook so that the form does not depend on the tenant
 * screens' own hooks file.
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
