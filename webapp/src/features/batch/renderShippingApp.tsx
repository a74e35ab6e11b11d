import { createRouterTransport, type ServiceImpl } from "@connectrpc/connect";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "../../App";
import { createQueryClient } from "../../api/queryClient";
import { bearerCredential } from "../../api/transport";
import { Role } from "../../auth/access";
import { storeCredential } from "../../auth/credentialStore";
import { createFailureReporter } from "../../errors/reportFailure";
import { AccountService } from "../../gen/portal/v1/account_pb";
import { BatchService } from "../../gen/portal/v1/batches_pb";
import { CustomerService } from "../../gen/portal/v1/customers_pb";
import { DocumentService } from "../../gen/portal/v1/documents_pb";
import { ManagementService } from "../../gen/portal/v1/management_pb";
import { ShipmentService } from "../../gen/portal/v1/shipments_pb";
import { UserDataService } from "../../gen/portal/v1/user_data_pb";
import { routes } from "../../routes/router";
import { testAccount, testProfile } from "../../test/renderApp";

/** The customer the test user ships for. */
export const bakery = { id: 5n, name: "Bäckerei Sonnenschein", crmid: "DE10000001", hubCountryCode: "DE" };

type Options = {
  batches?: Partial<ServiceImpl<typeof BatchService>>;
  shipments?: Partial<ServiceImpl<typeof ShipmentService>>;
  customers?: Partial<ServiceImpl<typeof CustomerService>>;
  documents?: Partial<ServiceImpl<typeof DocumentService>>;
  authorities?: string[];
  /** Without a customer the user has no active customer. */
  customer?: typeof bakery | null;
};

/**
 * Renders the whole app at a path for a signed-in user (ROLE_USER unless
 * told otherwise) who ships for `bakery`, with in-memory handlers for the
 * batch, shipment, customer and document services.
 */
export function renderShippingApp(path: string, options: Options = {}) {
  storeCredential("test-token", true);
  const authorities = options.authorities ?? [Role.user];
  const customer = options.customer === undefined ? bakery : options.customer;
  const transport = createRouterTransport(
    (router) => {
      router.service(ManagementService, {
        getInfo: () => ({ profile: testProfile() }),
        getVersion: () => ({ version: testProfile().version }),
      });
      router.service(AccountService, { getAccount: () => ({ account: testAccount({ authorities }) }) });
      router.service(UserDataService, {
        getMyUserData: () => ({ userData: { id: 1n, user: { login: "anna" }, customer: customer ?? undefined } }),
      });
      router.service(BatchService, options.batches ?? {});
      router.service(ShipmentService, options.shipments ?? {});
      router.service(CustomerService, {
        getCustomer: () => ({ customer: { id: bakery.id, name: bakery.name } }),
        getPrinterSettings: () => ({ printerSettings: { labelType: "PDF" } }),
        ...options.customers,
      });
      router.service(DocumentService, options.documents ?? {});
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
  return { ...view, router, queryClient };
}
