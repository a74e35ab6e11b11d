import { createClient } from "@connectrpc/connect";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ManagementService } from "../gen/portal/v1/management_pb";
import { useTransport } from "./TransportContext";

/** Spec 1 §9: how often the shell asks whether a new version was deployed. */
export const versionPollIntervalMs = 180_000;

function useManagementClient() {
  const transport = useTransport();
  return useMemo(() => createClient(ManagementService, transport), [transport]);
}

/** The application profile (ribbon, footer facts, switches). It changes only with a deployment. */
export function useApplicationProfile() {
  const client = useManagementClient();
  return useQuery({
    queryKey: ["management", "info"],
    queryFn: async ({ signal }) => (await client.getInfo({}, { signal })).profile ?? null,
    staleTime: Infinity,
  });
}

/**
 * The running server version, asked again every three minutes. A failed poll
 * (for example during a deployment) is nobody's concern, so it stays silent.
 */
export function useRunningVersion() {
  const client = useManagementClient();
  return useQuery({
    queryKey: ["management", "version"],
    queryFn: async ({ signal }) => (await client.getVersion({}, { signal })).version,
    refetchInterval: versionPollIntervalMs,
    meta: { background: true },
  });
}

/** The carrier's products, services, options, formats and return choices (spec 2 §3); they change with a deployment. */
export function useProductsAndServices() {
  const client = useManagementClient();
  return useQuery({
    queryKey: ["management", "productsAndServices"],
    queryFn: async ({ signal }) => (await client.getProductsAndServices({}, { signal })).productsAndServices ?? null,
    staleTime: Infinity,
  });
}
