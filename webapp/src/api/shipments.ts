import { createClient } from "@connectrpc/connect";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ShipmentService } from "../gen/portal/v1/shipments_pb";
import type { ShipmentFilter } from "./batches";
import { useListMutation } from "./listMutation";
import { useTransport } from "./TransportContext";

/** The ShipmentService: the shipment list and detail of spec 2 §2.2. */
function useShipmentClient() {
  const transport = useTransport();
  return useMemo(() => createClient(ShipmentService, transport), [transport]);
}

const shipmentsKey = ["shipments"] as const;

export type ShipmentPageRequest = { customerId: bigint | null; page: number; size: number; filter: ShipmentFilter };

/** One page of the active customer's shipments, newest first. */
export function useShipmentPage({ customerId, page, size, filter }: ShipmentPageRequest) {
  const client = useShipmentClient();
  return useQuery({
    queryKey: [...shipmentsKey, "page", String(customerId), page, size, filter],
    queryFn: async ({ signal }) => {
      const { shipments, totalCount } = await client.listShipments(
        { customerId: customerId ?? 0n, page, pageSize: size, filter },
        { signal },
      );
      return { items: shipments, totalCount: Number(totalCount) };
    },
    enabled: customerId !== null,
    placeholderData: keepPreviousData,
  });
}

/** One shipment; for admins with the SOAP request and response. One that is not there is for the page to say. */
export function useShipment(id: bigint | null) {
  const client = useShipmentClient();
  return useQuery({
    queryKey: [...shipmentsKey, "one", String(id)],
    queryFn: async ({ signal }) => (await client.getShipment({ id: id ?? 0n }, { signal })).shipment ?? null,
    enabled: id !== null,
    meta: { pageShowsNotFound: true },
  });
}

export function useDeleteShipment() {
  const client = useShipmentClient();
  return useListMutation(shipmentsKey, (id: bigint) => client.deleteShipment({ id }));
}

/** The REST path of a shipment's label (spec 2 §7): a PDF to preview or ZPL text. */
export const shipmentLabelPath = (id: bigint) => `/web/api/shipments/${id}/label`;
