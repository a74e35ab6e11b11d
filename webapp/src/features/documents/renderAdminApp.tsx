import { Code, ConnectError, createRouterTransport, type ServiceImpl } from "@connectrpc/connect";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "../../App";
import { createQueryClient } from "../../api/queryClient";
import { bearerCredential } from "../../api/transport";
import { Role } from "../../auth/access";
import { storeCredential } from "../../auth/credentialStore";
import { createFailureReporter } from "../../errors/reportFailure";
import { AccountService } from "../../gen/portal/v1/account_pb";
import { AcssService } from "../../gen/portal/v1/acss_pb";
import { DocumentService } from "../../gen/portal/v1/documents_pb";
import { InvoiceReportService } from "../../gen/portal/v1/invoice_reports_pb";
import { ManagementService } from "../../gen/portal/v1/management_pb";
import { NewsService } from "../../gen/portal/v1/news_pb";
import { TenantService } from "../../gen/portal/v1/tenants_pb";
import { UserDataService } from "../../gen/portal/v1/user_data_pb";
import { routes } from "../../routes/router";
import { testAccount, testProfile } from "../../test/renderApp";

type Services = {
  documents?: Partial<ServiceImpl<typeof DocumentService>>;
  acss?: Partial<ServiceImpl<typeof AcssService>>;
  news?: Partial<ServiceImpl<typeof NewsService>>;
  invoiceReports?: Partial<ServiceImpl<typeof InvoiceReportService>>;
  tenants?: Partial<ServiceImpl<typeof TenantService>>;
  authorities?: string[];
};

/**
 * Renders the whole app at a path for a signed-in admin, with in-memory
 * handlers for the document, acss, news and invoice-report services.
 */
export function renderAdminApp(path: string, services: Services = {}) {
  storeCredential("test-token", true);
  const authorities = services.authorities ?? [Role.admin];
  const transport = createRouterTransport(
    (router) => {
      router.service(ManagementService, {
        getInfo: () => ({ profile: testProfile() }),
        getVersion: () => ({ version: testProfile().version }),
      });
      router.service(AccountService, {
        getAccount: () => {
          if (authorities.length === 0) throw new ConnectError("anonymous", Code.Unauthenticated);
          return { account: testAccount({ login: "admin", authorities }) };
        },
      });
      router.service(UserDataService, { getMyUserData: () => ({ userData: { id: 1n, user: { login: "admin" } } }) });
      router.service(DocumentService, services.documents ?? {});
      router.service(AcssService, services.acss ?? {});
      router.service(NewsService, services.news ?? {});
      router.service(InvoiceReportService, services.invoiceReports ?? {});
      router.service(TenantService, services.tenants ?? {});
    },
    { transport: { interceptors: [bearerCredential] } },
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient(createFailureReporter(() => void router.navigate("/login")));
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <AppProviders transport={transport} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}
