import { createClient } from "@connectrpc/connect";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { DashboardService } from "../gen/portal/v1/dashboard_pb";
import { useTransport } from "./TransportContext";

/** The DashboardService: parcels per country, the country search and the tracking box (spec 3 §7, "Dashboard"). */
function useDashboardClient() {
  const transport = useTransport();
  return useMemo(() => createClient(DashboardService, transport), [transport]);
}

const dashboardKey = ["dashboard"] as const;

/** GET web/api/dashboard/parcels-per-country/{customerId}: the customer's countries, largest first. */
export function useParcelsPerCountry(customerId: bigint | null) {
  const client = useDashboardClient();
  return useQuery({
    queryKey: [...dashboardKey, "perCountry", String(customerId)],
    queryFn: async ({ signal }) =>
      (await client.listParcelsPerCountry({ customerId: customerId ?? 0n }, { signal })).countries,
    enabled: customerId !== null,
    refetchInterval: 60_000,
  });
}

/** The country search as the server takes it: ISO codes and ISO days (either may be empty). */
export type CountrySearch = { customerId: bigint; countries: string[]; from: string; to: string };

/** GET web/api/dashboard/parcels-in-country: the count; nothing is asked before the first search. */
export function useParcelsInCountry(search: CountrySearch | null) {
  const client = useDashboardClient();
  return useQuery({
    queryKey: [...dashboardKey, "inCountry", JSON.stringify(search, (_, v) => (typeof v === "bigint" ? String(v) : v))],
    queryFn: async ({ signal }) =>
      (
        await client.getParcelsInCountry(
          {
            customerId: search?.customerId ?? 0n,
            countries: search?.countries.join(",") ?? "",
            from: search?.from ?? "",
            to: search?.to ?? "",
          },
          { signal },
        )
      ).count,
    enabled: search !== null,
    placeholderData: keepPreviousData,
    meta: { inlineMessages: true },
  });
}

/** GET web/api/shipments/{id}/tracking: the parcel's events and progress; refreshed every 15 s while shown, as the parcel moves on. */
export function useShipmentTracking(id: string | null) {
  const client = useDashboardClient();
  return useQuery({
    queryKey: [...dashboardKey, "tracking", id],
    queryFn: async ({ signal }) => client.getShipmentTracking({ id: id ?? "" }, { signal }),
    enabled: id !== null,
    refetchInterval: 15_000,
    retry: false,
    meta: { inlineMessages: true },
  });
}
