import { createClient } from "@connectrpc/connect";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ManagementService } from "../gen/portal/v1/management_pb";
import { useListMutation } from "./listMutation";
import { useTransport } from "./TransportContext";

export { versionPollIntervalMs } from "./shellData";

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

const consoleKey = ["management", "console"] as const;

/** The metrics page's figures, asked again every `intervalMs` while the page is open. */
export function useMetrics(intervalMs: number) {
  const client = useManagementClient();
  return useQuery({
    queryKey: [...consoleKey, "metrics"],
    queryFn: async ({ signal }) => (await client.getMetrics({}, { signal })).metrics ?? null,
    refetchInterval: intervalMs,
  });
}

/** The health report; an admin sees every component with its details and latency. */
export function useHealthReport() {
  const client = useManagementClient();
  return useQuery({
    queryKey: [...consoleKey, "health"],
    queryFn: async ({ signal }) => (await client.getHealth({}, { signal })).health ?? null,
  });
}

/** The goroutines grouped by state and stack, read when asked for. */
export function useThreadDump(enabled: boolean) {
  const client = useManagementClient();
  return useQuery({
    queryKey: [...consoleKey, "threaddump"],
    queryFn: ({ signal }) => client.getThreadDump({}, { signal }),
    enabled,
  });
}

const loggersKey = [...consoleKey, "loggers"] as const;

/** The named loggers and the levels they can take. */
export function useLoggers() {
  const client = useManagementClient();
  return useQuery({ queryKey: loggersKey, queryFn: ({ signal }) => client.listLoggers({}, { signal }) });
}

/** Changes a logger's level for the running portal; the list is read again after. */
export function useSetLoggerLevel() {
  const client = useManagementClient();
  return useListMutation(
    loggersKey,
    ({ name, level }: { name: string; level: string }) => client.setLoggerLevel({ name, configuredLevel: level }),
    { inlineMessages: false },
  );
}

/** The effective configuration and the process environment, secrets masked by the server. */
export function useConfiguration() {
  const client = useManagementClient();
  return useQuery({
    queryKey: [...consoleKey, "configuration"],
    queryFn: async ({ signal }) => {
      const [settings, environment] = await Promise.all([
        client.getConfigProps({}, { signal }),
        client.getEnv({}, { signal }),
      ]);
      return { settings: settings.properties, environment: environment.properties };
    },
  });
}

/** One page of the audit log, as the audits page asks for it. */
export type AuditsRequest = { page: number; size: number; sort: string; fromDate: string; toDate: string };

/** One page of the audit log and the number of events on all pages. */
export function useAudits(request: AuditsRequest) {
  const client = useManagementClient();
  return useQuery({
    queryKey: [...consoleKey, "audits", request],
    queryFn: async ({ signal }) => {
      const { audits, totalCount } = await client.listAudits(request, { signal });
      return { audits, totalCount: Number(totalCount) };
    },
    placeholderData: keepPreviousData,
  });
}

/** Runs one read-only statement of the database console; a refusal is shown by the console itself. */
export function useRunDatabaseQuery() {
  const client = useManagementClient();
  return useMutation({
    mutationFn: (sql: string) => client.runDatabaseQuery({ sql }),
    meta: { inlineMessages: true },
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
