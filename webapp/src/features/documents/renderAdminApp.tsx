import type { ServiceImpl } from "@connectrpc/connect";
import { Role } from "../../auth/access";
import type { AcssService } from "../../gen/portal/v1/acss_pb";
import type { DocumentService } from "../../gen/portal/v1/documents_pb";
import type { InvoiceReportService } from "../../gen/portal/v1/invoice_reports_pb";
import type { NewsService } from "../../gen/portal/v1/news_pb";
import type { TenantService } from "../../gen/portal/v1/tenants_pb";
import { renderApp } from "../../test/renderApp";

type Services = {
  documents?: Partial<ServiceImpl<typeof DocumentService>>;
  acss?: Partial<ServiceImpl<typeof AcssService>>;
  news?: Partial<ServiceImpl<typeof NewsService>>;
  invoiceReports?: Partial<ServiceImpl<typeof InvoiceReportService>>;
  tenants?: Partial<ServiceImpl<typeof TenantService>>;
  authorities?: string[];
};

/** renderApp for the signed-in login "admin" (ROLE_ADMIN unless told otherwise). */
export function renderAdminApp(path: string, { authorities = [Role.admin], ...services }: Services = {}) {
  return renderApp(path, { signedInAs: { login: "admin", authorities }, ...services });
}
