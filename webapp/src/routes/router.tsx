import { Suspense, useEffect, type ComponentType } from "react";
import { type RouteObject, useLocation, useNavigate, useRoutes } from "react-router";
import { RouteErrorBoundary } from "../errors/RouteErrorBoundary";
import { LoginPage } from "../features/auth/LoginPage";
import { HomePage } from "../pages/HomePage";
import { NotFoundPage } from "../pages/NotFoundPage";
import { Layout } from "../shell/Layout";
import { legalPages } from "../navigation/legalPages";
import { loadChunk } from "./loadChunk";
import { RouteGuard } from "./RouteGuard";
import { lazyNamed } from "../components/lazyNamed";
import { lostSession } from "../navigation/lostSession";

/**
 * Only the start page and /login come with the first download (issue 16: the
 * login route under 200 KB gzip); the other public pages load on first visit.
 */
const RegisterPage = lazyNamed(() => loadChunk(() => import("../features/account/RegisterPage")), "RegisterPage");
const RegisteredPage = lazyNamed(() => loadChunk(() => import("../features/account/RegisteredPage")), "RegisteredPage");
const ActivatePage = lazyNamed(() => loadChunk(() => import("../features/account/ActivatePage")), "ActivatePage");
const ResetRequestPage = lazyNamed(
  () => loadChunk(() => import("../features/account/ResetRequestPage")),
  "ResetRequestPage",
);
const ResetFinishPage = lazyNamed(
  () => loadChunk(() => import("../features/account/ResetFinishPage")),
  "ResetFinishPage",
);
const LogoutPage = lazyNamed(() => loadChunk(() => import("../features/auth/LogoutPage")), "LogoutPage");
const LegalPage = lazyNamed(() => loadChunk(() => import("../pages/LegalPage")), "LegalPage");

/** The account and admin areas load on first visit: most users never open the admin pages. */
const AccountArea = lazyNamed(() => loadChunk(() => import("../features/account/AccountArea")), "AccountArea");
const AdminArea = lazyNamed(() => loadChunk(() => import("../features/admin/AdminArea")), "AdminArea");
const CustomerArea = lazyNamed(() => loadChunk(() => import("../features/customer/CustomerArea")), "CustomerArea");
const PrinterSettingsPage = lazyNamed(
  () => loadChunk(() => import("../features/customer/PrinterSettingsPage")),
  "PrinterSettingsPage",
);
/** The API documentation, reached from the account menu and the admin menu alike. */
const LegalPagesPage = lazyNamed(
  () => loadChunk(() => import("../features/documents/LegalPagesPage")),
  "LegalPagesPage",
);
const ApiDocsPage = lazyNamed(() => loadChunk(() => import("../features/apiDocs/ApiDocsPage")), "ApiDocsPage");
const UserDataArea = lazyNamed(() => loadChunk(() => import("../features/userData/UserDataArea")), "UserDataArea");
/** Documents, acss files, news and the invoice report: admins only, loaded on first visit. */
const ProductCodesDocArea = lazyNamed(
  () => loadChunk(() => import("../features/documents/DocumentArea")),
  "ProductCodesDocArea",
);
const CsvTemplateDocArea = lazyNamed(
  () => loadChunk(() => import("../features/documents/DocumentArea")),
  "CsvTemplateDocArea",
);
const AcssArea = lazyNamed(() => loadChunk(() => import("../features/acss/AcssArea")), "AcssArea");
const NewsArea = lazyNamed(() => loadChunk(() => import("../features/news/NewsArea")), "NewsArea");
const InvoiceReportPage = lazyNamed(
  () => loadChunk(() => import("../features/invoiceReport/InvoiceReportPage")),
  "InvoiceReportPage",
);
/** The default routing options (the admin menu): admins only. */
const RoutingOptionsPage = lazyNamed(
  () => loadChunk(() => import("../features/routing/RoutingOptionsPage")),
  "RoutingOptionsPage",
);
/** The dashboard loads its map (geometry and projection) only on its own route. */
const DashboardPage = lazyNamed(() => loadChunk(() => import("../features/dashboard/DashboardPage")), "DashboardPage");
/** Tracking (spec 3 §2): search, grid, details. */
const TrackingPage = lazyNamed(() => loadChunk(() => import("../features/tracking/TrackingPage")), "TrackingPage");

/** Parcel inquiries and the newsletter (spec 3 §2). */
const ParcelInquiryPage = lazyNamed(
  () => loadChunk(() => import("../features/inquiry/ParcelInquiryPage")),
  "ParcelInquiryPage",
);
const InternalParcelInquiryPage = lazyNamed(
  () => loadChunk(() => import("../features/inquiry/InternalParcelInquiryPage")),
  "InternalParcelInquiryPage",
);
const NewsletterPage = lazyNamed(
  () => loadChunk(() => import("../features/newsletter/NewsletterPage")),
  "NewsletterPage",
);
const NewsletterConfirmPage = lazyNamed(
  () => loadChunk(() => import("../features/newsletter/NewsletterConfirmPage")),
  "NewsletterConfirmPage",
);

/** The shipment report (spec 2 §2.4). */
const ReportPage = lazyNamed(() => loadChunk(() => import("../features/report/ReportPage")), "ReportPage");
/** The customs documents (spec 2 §2.6). */
const CustomsDocsPage = lazyNamed(
  () => loadChunk(() => import("../features/customs-docs/CustomsDocsPage")),
  "CustomsDocsPage",
);
/** Batches and shipments (spec 2 §2.1, §2.2). */
const BatchArea = lazyNamed(() => loadChunk(() => import("../features/batch/BatchArea")), "BatchArea");
/** Single parcels (spec 2 §2.3). */
const ParcelArea = lazyNamed(() => loadChunk(() => import("../features/parcel/ParcelArea")), "ParcelArea");
const ShipmentArea = lazyNamed(() => loadChunk(() => import("../features/shipment/ShipmentArea")), "ShipmentArea");
/** The address book (spec 2 §2.5). */
const AddressBookArea = lazyNamed(
  () => loadChunk(() => import("../features/address-book/AddressBookArea")),
  "AddressBookArea",
);
/** Integrators' webhook endpoints (issue 27). */
const WebhooksPage = lazyNamed(() => loadChunk(() => import("../features/webhooks/WebhooksPage")), "WebhooksPage");
const TenantArea = lazyNamed(() => loadChunk(() => import("../features/tenant/TenantArea")), "TenantArea");
const FulfillmentArea = lazyNamed(
  () => loadChunk(() => import("../features/fulfillment/FulfillmentArea")),
  "FulfillmentArea",
);

/** Header and footer stay while an area's code arrives; a failed load reaches the error page. */
function LazyArea({ area: Area }: { area: ComponentType }) {
  return (
    <Suspense>
      <Area />
    </Suspense>
  );
}

/** The routes of spec 1 §2: every one served by its feature; other paths fall through to the not-found page. */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <Layout />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // Every page passes the route table of spec 1 §6 first; a failing
        // page shows the error page inside the layout, with header and footer.
        element: (
          <RouteErrorBoundary>
            <RouteGuard />
          </RouteErrorBoundary>
        ),
        children: [
          { index: true, element: <HomePage /> },
          { path: "login", element: <LoginPage /> },
          { path: "logout", element: <LazyArea area={LogoutPage} /> },
          { path: "account/register", element: <LazyArea area={RegisterPage} /> },
          { path: "account/registered", element: <LazyArea area={RegisteredPage} /> },
          { path: "account/activate/:key?", element: <LazyArea area={ActivatePage} /> },
          { path: "account/reset/request", element: <LazyArea area={ResetRequestPage} /> },
          { path: "account/reset/finish/:key?", element: <LazyArea area={ResetFinishPage} /> },
          ...legalPages.map(({ path, title }) => ({
            path,
            element: (
              <Suspense>
                <LegalPage title={title} path={path} />
              </Suspense>
            ),
          })),
          { path: "account/*", element: <LazyArea area={AccountArea} /> },
          { path: "admin/*", element: <LazyArea area={AdminArea} /> },
          { path: "user-data/*", element: <LazyArea area={UserDataArea} /> },
          { path: "product-codes-doc/*", element: <LazyArea area={ProductCodesDocArea} /> },
          { path: "csv-template-doc/*", element: <LazyArea area={CsvTemplateDocArea} /> },
          { path: "acss/*", element: <LazyArea area={AcssArea} /> },
          { path: "news/*", element: <LazyArea area={NewsArea} /> },
          { path: "invoice-report", element: <LazyArea area={InvoiceReportPage} /> },
          { path: "routing-options", element: <LazyArea area={RoutingOptionsPage} /> },
          { path: "customer/*", element: <LazyArea area={CustomerArea} /> },
          // More specific than account/*, so it wins without touching the account area.
          { path: "account/printer", element: <LazyArea area={PrinterSettingsPage} /> },
          { path: "account/docs", element: <LazyArea area={ApiDocsPage} /> },
          { path: "admin/docs", element: <LazyArea area={ApiDocsPage} /> },
          { path: "admin/legal-pages", element: <LazyArea area={LegalPagesPage} /> },
          { path: "tenant/*", element: <LazyArea area={TenantArea} /> },
          { path: "fulfillment/*", element: <LazyArea area={FulfillmentArea} /> },
          { path: "batch/*", element: <LazyArea area={BatchArea} /> },
          { path: "shipment/*", element: <LazyArea area={ShipmentArea} /> },
          { path: "tracking", element: <LazyArea area={TrackingPage} /> },
          { path: "dashboard", element: <LazyArea area={DashboardPage} /> },
          { path: "parcel/*", element: <LazyArea area={ParcelArea} /> },
          { path: "address-book/*", element: <LazyArea area={AddressBookArea} /> },
          { path: "report", element: <LazyArea area={ReportPage} /> },
          { path: "webhooks", element: <LazyArea area={WebhooksPage} /> },
          { path: "customs-docs", element: <LazyArea area={CustomsDocsPage} /> },
          { path: "parcel-inquiry", element: <LazyArea area={ParcelInquiryPage} /> },
          { path: "parcel-inquiry/:tenantId", element: <LazyArea area={ParcelInquiryPage} /> },
          {
            path: "internal-parcel-inquiry/:trackingId/:fulltrackId",
            element: <LazyArea area={InternalParcelInquiryPage} />,
          },
          { path: "newsletter-subscribe", element: <LazyArea area={NewsletterPage} /> },
          { path: "newsletter/confirm", element: <LazyArea area={NewsletterConfirmPage} /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export { lostSession };

/**
 * The routes under a plain `<BrowserRouter>`: the app uses no loaders,
 * actions or fetchers, and the data router's code would add about 15 KB
 * gzip to /login (issue 16). After a lost session the user signs in again
 * and returns to where they were.
 */
export function AppRoutes() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    lostSession.goToLogin = () => void navigate("/login", { state: { from: location } });
  }, [navigate, location]);
  return useRoutes(routes);
}
