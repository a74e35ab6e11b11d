import { createClient } from "@connectrpc/connect";
import { useMutation } from "@tanstack/react-query";
import { useMemo } from "react";
import { InvoiceReportService } from "../gen/portal/v1/invoice_reports_pb";
import { useTransport } from "./TransportContext";

/** The InvoiceReportService: monthly and yearly CSV reports (spec 3 §2, invoice report). */
function useInvoiceReportClient() {
  const transport = useTransport();
  return useMemo(() => createClient(InvoiceReportService, transport), [transport]);
}

export type InvoiceReportRequest = { kind: "monthly"; year: number; month: number } | { kind: "yearly"; year: number };

/** The file name the server also sends: invoice-report-{year}-{mm}.csv or invoice-report-{year}-yearly.csv. */
export function invoiceReportFileName(request: InvoiceReportRequest): string {
  return request.kind === "monthly"
    ? `invoice-report-${request.year}-${String(request.month).padStart(2, "0")}.csv`
    : `invoice-report-${request.year}-yearly.csv`;
}

/** GET web/api/invoice-reports/monthly or /yearly: the report's bytes. */
export function useDownloadInvoiceReport() {
  const client = useInvoiceReportClient();
  return useMutation({
    mutationFn: async (request: InvoiceReportRequest) =>
      (request.kind === "monthly"
        ? await client.getMonthlyInvoiceReport({ year: request.year, month: request.month })
        : await client.getYearlyInvoiceReport({ year: request.year })
      ).file,
    meta: { inlineMessages: true },
  });
}
