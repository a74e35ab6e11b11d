import { createClient } from "@connectrpc/connect";
import type { MessageInitShape } from "@bufbuild/protobuf";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { type CreateCommercialInvoiceRequestSchema, ReportService } from "../gen/portal/v1/reports_pb";
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

/** The customers of a selection with their consents (the invoice dialog's gate); null waits. */
export function useInvoiceCustomers(shipmentIds: bigint[] | null) {
  const client = useReportClient();
  return useQuery({
    queryKey: [...reportsKey, "invoiceCustomers", shipmentIds?.map(String).join(",") ?? null],
    queryFn: async ({ signal }) => client.getInvoiceCustomers({ shipmentIds: shipmentIds ?? [] }, { signal }),
    enabled: shipmentIds !== null && shipmentIds.length > 0,
    staleTime: 0,
    meta: { inlineMessages: true },
  });
}

/**
 * GET web/api/reports/checkInvoiceNumber: the number as the server stores it (whitespace stripped) and whether it
 * is taken for the CRM ids; an empty text waits.
 */
export function useInvoiceNumberCheck(invoiceNumber: string, crmIds: string[]) {
  const client = useReportClient();
  return useQuery({
    queryKey: [...reportsKey, "invoiceNumber", invoiceNumber, crmIds.join(",")],
    queryFn: async ({ signal }) => {
      const answer = await client.checkInvoiceNumber({ invoiceNumber, crmIds: JSON.stringify(crmIds) }, { signal });
      return { invoiceNumber: answer.invoiceNumber, taken: answer.taken };
    },
    enabled: invoiceNumber !== "" && crmIds.length > 0,
    meta: { inlineMessages: true },
  });
}

/** POST web/api/reports/invoice: stores the commercial invoice and answers its PDF; the report then shows its number. */
export function useCreateInvoice() {
  const client = useReportClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: MessageInitShape<typeof CreateCommercialInvoiceRequestSchema>) =>
      (await client.createCommercialInvoice(request)).file,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
    meta: { inlineMessages: true },
  });
}
