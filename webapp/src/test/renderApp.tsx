import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createRouterTransport, type ServiceImpl } from "@connectrpc/connect";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppProviders } from "../App";
import { createQueryClient } from "../api/queryClient";
import { bearerCredential } from "../api/transport";
import { storeCredential } from "../auth/credentialStore";
import { createFailureReporter } from "../errors/reportFailure";
import { AccountSchema, AccountService } from "../gen/portal/v1/account_pb";
import { AcssService } from "../gen/portal/v1/acss_pb";
import { AddressBookService } from "../gen/portal/v1/address_book_pb";
import { BatchService } from "../gen/portal/v1/batches_pb";
import { CaptchaService } from "../gen/portal/v1/captcha_pb";
import { CustomerService } from "../gen/portal/v1/customers_pb";
import { CustomsDocumentService } from "../gen/portal/v1/customsdocs_pb";
import { DocumentService } from "../gen/portal/v1/documents_pb";
import { FulfillmentService } from "../gen/portal/v1/fulfillments_pb";
import { InquiryService } from "../gen/portal/v1/inquiries_pb";
import { InvoiceReportService } from "../gen/portal/v1/invoice_reports_pb";
import { ManifestService } from "../gen/portal/v1/manifests_pb";
import { TrackingService } from "../gen/portal/v1/tracking_pb";
import { DashboardService } from "../gen/portal/v1/dashboard_pb";
import { ApplicationProfileSchema, ManagementService } from "../gen/portal/v1/management_pb";
import { NewsService } from "../gen/portal/v1/news_pb";
import { ParcelService } from "../gen/portal/v1/parcels_pb";
import { PrinterService } from "../gen/portal/v1/printers_pb";
import type { CustomerRefSchema, FulfillmentRefSchema } from "../gen/portal/v1/organisation_pb";
import { ShipmentService } from "../gen/portal/v1/shipments_pb";
import { ReportService } from "../gen/portal/v1/reports_pb";
import { ReportDetailsService } from "../gen/portal/v1/report_details_pb";
import { TenantService } from "../gen/portal/v1/tenants_pb";
import { UserDataService } from "../gen/portal/v1/user_data_pb";
import { UserService } from "../gen/portal/v1/users_pb";
import { routes } from "../routes/router";
import { ActivationStatus, type Role } from "../gen/portal/v1/vocabulary_pb";

/** A profile as a development portal would send it; tests override what they look at. */
export function testProfile(overrides: MessageInitShape<typeof ApplicationProfileSchema> = {}) {
  return create(ApplicationProfileSchema, {
    ribbonEnv: "dev",
    inProduction: false,
    isSwaggerEnabled: true,
    copyrightYear: 2026,
    version: "1.4.2",
    buildDate: timestampFromDate(new Date(2026, 2, 14, 10, 30)),
    ...overrides,
  });
}

/**
 * Who is signed in for a test: roles, and the customer or fulfillment their
 * user data names. A non-staff user with neither waits for staff to link it.
 */
export type TestUser = {
  login?: string;
  authorities: Role[];
  activationStatus?: ActivationStatus;
  customer?: MessageInitShape<typeof CustomerRefSchema>;
  fulfillment?: MessageInitShape<typeof FulfillmentRefSchema>;
};

/** The account the portal would answer for a test user. */
export function testAccount(user: TestUser) {
  return create(AccountSchema, {
    login: user.login ?? "anna",
    firstName: "Anna",
    lastName: "Berg",
    email: "anna@example.com",
    langKey: "en",
    authorities: user.authorities,
    activationStatus: user.activationStatus ?? ActivationStatus.ACTIVE,
  });
}

/** What a test says about the portal: each service's handlers, who is signed in, where the router starts. */
export type RenderOptions = {
  management?: Partial<ServiceImpl<typeof ManagementService>>;
  account?: Partial<ServiceImpl<typeof AccountService>>;
  users?: Partial<ServiceImpl<typeof UserService>>;
  userData?: Partial<ServiceImpl<typeof UserDataService>>;
  captcha?: Partial<ServiceImpl<typeof CaptchaService>>;
  tenants?: Partial<ServiceImpl<typeof TenantService>>;
  fulfillments?: Partial<ServiceImpl<typeof FulfillmentService>>;
  customers?: Partial<ServiceImpl<typeof CustomerService>>;
  batches?: Partial<ServiceImpl<typeof BatchService>>;
  shipments?: Partial<ServiceImpl<typeof ShipmentService>>;
  reports?: Partial<ServiceImpl<typeof ReportService>>;
  reportDetails?: Partial<ServiceImpl<typeof ReportDetailsService>>;
  manifests?: Partial<ServiceImpl<typeof ManifestService>>;
  parcels?: Partial<ServiceImpl<typeof ParcelService>>;
  documents?: Partial<ServiceImpl<typeof DocumentService>>;
  acss?: Partial<ServiceImpl<typeof AcssService>>;
  addressBook?: Partial<ServiceImpl<typeof AddressBookService>>;
  news?: Partial<ServiceImpl<typeof NewsService>>;
  invoiceReports?: Partial<ServiceImpl<typeof InvoiceReportService>>;
  tracking?: Partial<ServiceImpl<typeof TrackingService>>;
  dashboard?: Partial<ServiceImpl<typeof DashboardService>>;
  customsDocs?: Partial<ServiceImpl<typeof CustomsDocumentService>>;
  printers?: Partial<ServiceImpl<typeof PrinterService>>;
  inquiries?: Partial<ServiceImpl<typeof InquiryService>>;
  /** Stores a credential and lets the portal answer for this user. */
  signedInAs?: TestUser;
  /** Where the memory router starts; with `state`, what the previous page handed over. */
  state?: unknown;
};

/**
 * Renders the whole app at a path, talking Connect to in-memory handlers
 * instead of a server; the management service answers testProfile() unless
 * the test says otherwise, a service the test gives no handlers answers
 * 'unimplemented'. Without `signedInAs` the visitor is anonymous (the
 * account probe answers 401). The one render helper of the app's tests;
 * a feature's tests at most preset who is signed in and what their services answer.
 */
export function renderApp(
  path: string,
  {
    management = {},
    account = {},
    users = {},
    userData = {},
    captcha = {},
    tenants = {},
    fulfillments = {},
    customers = {},
    batches = {},
    shipments = {},
    reports = {},
    reportDetails = {},
    manifests = {},
    parcels = {},
    documents = {},
    acss = {},
    addressBook = {},
    news = {},
    invoiceReports = {},
    tracking = {},
    dashboard = {},
    customsDocs = {},
    printers = {},
    inquiries = {},
    signedInAs,
    state,
  }: RenderOptions = {},
) {
  if (signedInAs) storeCredential("test-token", true);
  const transport = createRouterTransport(
    (router) => {
      router.service(ManagementService, {
        getInfo: () => ({ profile: testProfile() }),
        getVersion: () => ({ version: testProfile().version }),
        ...management,
      });
      router.service(AccountService, {
        getAccount: () => {
          if (!signedInAs) throw new ConnectError("anonymous", Code.Unauthenticated);
          return { account: testAccount(signedInAs) };
        },
        ...account,
      });
      router.service(UserService, users);
      router.service(CaptchaService, captcha);
      router.service(TenantService, tenants);
      router.service(FulfillmentService, fulfillments);
      router.service(CustomerService, customers);
      router.service(BatchService, batches);
      router.service(ManifestService, manifests);
      router.service(ShipmentService, shipments);
      router.service(ParcelService, parcels);
      router.service(ReportService, reports);
      router.service(ReportDetailsService, reportDetails);
      router.service(DocumentService, documents);
      router.service(AcssService, acss);
      router.service(AddressBookService, addressBook);
      router.service(NewsService, news);
      router.service(InvoiceReportService, invoiceReports);
      router.service(TrackingService, tracking);
      router.service(DashboardService, dashboard);
      router.service(CustomsDocumentService, customsDocs);
      router.service(PrinterService, printers);
      router.service(InquiryService, inquiries);
      router.service(UserDataService, {
        getMyUserData: () => ({
          userData: {
            id: 1n,
            user: { login: signedInAs?.login ?? "anna" },
            customer: signedInAs?.customer,
            fulfillment: signedInAs?.fulfillment,
          },
        }),
        ...userData,
      });
    },
    // The real transport's bearer interceptor, so handlers see what the portal would.
    { transport: { interceptors: [bearerCredential] } },
  );
  const [pathname, query] = path.split("?");
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname, search: query ? `?${query}` : "", state }],
  });
  const reporter = createFailureReporter(() => void router.navigate("/login"));
  const reportFailure = (error: unknown) => reporter(error, undefined);
  const queryClient = createQueryClient(reporter);
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <AppProviders transport={transport} queryClient={queryClient} reportFailure={reportFailure}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
