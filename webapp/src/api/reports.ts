import { createClient } from "@connectrpc/connect";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { ReportService } from "../gen/portal/v1/reports_pb";
import { useTransport } from "./TransportContext";

/** The ReportService: the shipment report of spec 2 §2.4 and its exports. */
function useReportClient() {
  const transport = useTransport();
  return useMemo(() => createClient(ReportService, transport), [transport]);
}

/** Page sizes of the report (spec 2 §9); 100 is the default. */
export const reportPageSizes = [10, 25, 100, 200, 500, 1000] as const;

const reportsKey = ["reports"] as const;

/** One page of the report for an encoded search model (pageableFilter); null waits. */
export function useReportPage(pageableFilter: string | null) {
  const client = useReportClient();
  return useQuery({
    queryKey: [...reportsKey, "page", pageableFilter],
    queryFn: async ({ signal }) => {
      const { rows, totalCount, totalCapped } = await client.searchReport(
        { pageableFilter: pageableFilter ?? "" },
        { signal },
      );
      return { items: rows, totalCount: Number(totalCount), totalCapped };
    },
    enabled: pageableFilter !== null,
    placeholderData: keepPreviousData,
    meta: { inlineMessages: true },
  });
}

/** What the report exports: of the whole result (by the search) or of the chosen shipments. */
export type ReportExport =
  | { kind: "excel" | "labels" | "invoices"; pageableFilter: string }
  | { kind: "labelsByIds" | "invoiceByIds"; shipmentIds: bigint[] };

/** The export calls of spec 2 §7 (reports/excel, labels, labelsByIds, invoices, invoiceByIds): the file's bytes. */
export function useReportExport() {
  const client = useReportClient();
  return useMutation({
    mutationFn: async (request: ReportExport) => {
      switch (request.kind) {
        case "excel":
          return (await client.exportReportExcel({ pageableFilter: request.pageableFilter })).file;
        case "labels":
          return (await client.downloadReportLabels({ pageableFilter: request.pageableFilter })).file;
        case "invoices":
          return (await client.downloadReportInvoices({ pageableFilter: request.pageableFilter })).file;
        case "labelsByIds":
          return (await client.downloadReportLabelsByIds({ shipmentIds: request.shipmentIds })).file;
        case "invoiceByIds":
          return (await client.downloadReportInvoiceByIds({ shipmentIds: request.shipmentIds })).file;
      }
    },
    meta: { inlineMessages: true },
  });
}
