import { createClient } from "@connectrpc/connect";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ReportDetailsService } from "../gen/portal/v1/report_details_pb";
import { useTransport } from "./TransportContext";

/** The ReportDetailsService: what a report row's details dialogs show (spec 2 §2.4). */
function useReportDetailsClient() {
  const transport = useTransport();
  return useMemo(() => createClient(ReportDetailsService, transport), [transport]);
}

/** A report row's customs details (order lines, currency) and invoice data; null waits. */
export function useReportShipmentDetails(shipmentId: bigint | null) {
  const client = useReportDetailsClient();
  return useQuery({
    queryKey: ["reports", "details", String(shipmentId)],
    queryFn: async ({ signal }) => client.getReportShipmentDetails({ shipmentId: shipmentId ?? 0n }, { signal }),
    enabled: shipmentId !== null,
    meta: { inlineMessages: true },
  });
}

/** The REST path of a report row's SOAP traffic (admins): `?kind=request` or `response`. */
export const reportShipmentTrafficPath = (shipmentId: bigint) => `/web/api/reports/shipments/${shipmentId}/traffic`;
