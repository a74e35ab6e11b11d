import { createClient } from "@connectrpc/connect";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { type SearchTrackingRequestSchema, TrackingService } from "../gen/portal/v1/tracking_pb";
import { useTransport } from "./TransportContext";

/** The TrackingService: search, details and export of spec 3 §7 ("Tracking"). */
function useTrackingClient() {
  const transport = useTransport();
  return useMemo(() => createClient(TrackingService, transport), [transport]);
}

const trackingKey = ["tracking"] as const;

/** A search as the server takes it: criteria and meta. */
export type TrackingSearch = MessageInitShape<typeof SearchTrackingRequestSchema>;

/** One page of parcels for the search; nothing is asked before the first search. */
export function useTrackingSearch(request: TrackingSearch | null) {
  const client = useTrackingClient();
  return useQuery({
    queryKey: [...trackingKey, "search", JSON.stringify(request)],
    queryFn: async ({ signal }) => {
      const answer = await client.searchTracking(request ?? {}, { signal });
      return { ...answer, total: Number(answer.total) };
    },
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

/** A parcel's details with its events; refreshed every 30 s while shown, as the simulator moves it on. */
export function useTrackingParcel(id: string | null) {
  const client = useTrackingClient();
  return useQuery({
    queryKey: [...trackingKey, "parcel", id],
    queryFn: async ({ signal }) => (await client.getTrackingParcel({ id: id ?? "" }, { signal })).detail ?? null,
    enabled: id !== null,
    refetchInterval: 30_000,
    meta: { inlineMessages: true },
  });
}

/**
 * A parcel's details with the product an inquiry about it names (core/inquiry.ProductOfCode, by its product code),
 * for the internal inquiry's prefill; null when the parcel has no details.
 */
export function useInquiryParcel(id: string | null) {
  const client = useTrackingClient();
  return useQuery({
    queryKey: [...trackingKey, "inquiryParcel", id],
    queryFn: async ({ signal }) => {
      const answer = await client.getTrackingParcel({ id: id ?? "" }, { signal });
      return answer.detail ? { detail: answer.detail, product: answer.inquiryProduct } : null;
    },
    enabled: id !== null,
    meta: { inlineMessages: true },
  });
}

/** The products of the search form's select. */
export function useTrackingProducts() {
  const client = useTrackingClient();
  return useQuery({
    queryKey: [...trackingKey, "products"],
    queryFn: async ({ signal }) => (await client.listTrackingProducts({}, { signal })).products,
    staleTime: 10 * 60_000,
  });
}

/** POST web/api/cep-tracking/export/csv or /excel: the file's bytes. */
export function useExportTracking() {
  const client = useTrackingClient();
  return useMutation({
    mutationFn: async ({ format, request }: { format: "csv" | "excel"; request: TrackingSearch }) => {
      const body = { searchCriteria: request.searchCriteria, meta: request.meta };
      return (format === "csv" ? await client.exportTrackingCsv(body) : await client.exportTrackingExcel(body)).file;
    },
  });
}
