package rpc

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"log/slog"
	"net/http"
	"strings"
	"sync"

	"connectrpc.com/connect"
	"connectrpc.com/grpchealth"
	"connectrpc.com/grpcreflect"
	"connectrpc.com/vanguard"

	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/adapters/web"
)

// compressMinBytes is the smallest Connect answer compressed for a client
// that accepts it: below a kilobyte gzip costs more than it saves.
const compressMinBytes = 1024

//go:embed openapi/portal.openapi.yaml
var openAPIDocument []byte

// Handlers are the service implementations the API exposes, and what
// resolves bearers for the access policy.
type Handlers struct {
	Management ManagementHandler
	Account    AccountHandler
	Users      UserHandler
	UserData   UserDataHandler
	Customers  CustomerHandler
	Captcha    CaptchaHandler
	Tenants    TenantHandler
	Fulfillers FulfillmentHandler
	Documents  DocumentHandler
	Acss       AcssHandler
	News       NewsHandler
	Invoicing  InvoiceReportHandler
	Batches    BatchHandler
	Shipments  ShipmentHandler
	Reports    ReportHandler
	Manifests  ManifestHandler
	Tracking   TrackingHandler
	Dashboard  DashboardHandler
	Parcels    ParcelHandler
	// AddressBook serves the customers' address books.
	AddressBook AddressBookHandler
	Printers    PrinterHandler
	Webhooks    WebhookHandler

	// ReportDetails serves the report rows' details dialogs.
	ReportDetails ReportDetailsHandler
	// CustomsDocs serves the customs documents page.
	CustomsDocs CustomsDocumentHandler
	// Inquiries serves parcel inquiries and the newsletter.
	Inquiries InquiryHandler
	Callers   CallerResolver
	// Proxies are the reverse proxies whose X-Forwarded-For names the client.
	Proxies TrustedProxies
	// Downloads redeems the tokens of link downloads; nil refuses them.
	Downloads DownloadRedeemer
	// Observer counts the calls and session-cache look-ups; nil counts none.
	Observer Observer
	// Sessions carries session changes between the installation's portal
	// processes; nil when this process is the only one.
	Sessions SessionChanges
	// Audit keeps the audited procedures' calls; nil keeps none.
	Audit AuditRecorder
	// Log is the rpc logger: every call at DEBUG, lost audit events.
	Log *slog.Logger
	// Reflection serves gRPC server reflection (GRPC_REFLECTION; off unless
	// set, `make run` sets it): it lists every service and method to
	// anyone, so an installation opts in.
	Reflection bool
	// Streams bound the held streams (the batch progress) per session and
	// say how often their sessions are checked again.
	Streams StreamLimits
}

// NewAPI returns the portal's API: each service over Connect, gRPC and
// gRPC-Web on its own path, the spec's REST paths through vanguard, and the
// OpenAPI document. Mount it on the server's root; unmatched paths fall
// through to fallback (the webapp).
func NewAPI(h Handlers, fallback http.Handler) (http.Handler, error) {
	// Field rules are checked after the access check (interceptors run in
	// order), so an anonymous caller gets 401, never field errors.
	validation, err := newValidation()
	if err != nil {
		return nil, err
	}
	auth := newAuthenticator(h.Callers)
	auth.downloads = h.Downloads
	auth.observer = h.Observer
	auth.changes, auth.log = h.Sessions, h.Log
	auth.streamLimits = h.Streams
	auth.admissions = map[string]admitter{portalv1connect.InquiryServiceSubmitParcelInquiryProcedure: h.Inquiries.admit}
	h.Account.auth = auth
	h.Users.auth = auth
	// options are a service's handler options: the portal's codec and
	// interceptors, and its largest body limit, which also bounds what a gRPC
	// client's compressed messages inflate to. observe comes first, so it
	// counts every call with the code the client gets; mapErrors wraps the
	// others: the auth interceptor's refusals and every handler's errors
	// reach the client through the one mapper. audit comes last: it sees
	// the caller and records only calls that succeeded.
	options := func(service string) connect.HandlerOption {
		return connect.WithHandlerOptions(connect.WithCodec(jsonCodec{}), connect.WithCompressMinBytes(compressMinBytes), connect.WithInterceptors(
			step{observe(h.Observer, h.Log), observeStream(h.Observer, h.Log)},
			step{mapErrors(), mapStreamErrors},
			step{auth.interceptor(), auth.streamInterceptor},
			step{validation.interceptor(), validation.streamInterceptor},
			step{audit(h.Audit, h.Log), unaryOnly}),
			connect.WithReadMaxBytes(int(serviceBodyLimit(service))))
	}
	mux := http.NewServeMux()
	var services []*vanguard.Service
	var names []string
	mount := func(path string, handler http.Handler) {
		names = append(names, strings.Trim(path, "/"))
		// Bodies are limited and callers admitted before the handler reads.
		handler = auth.admitBodies(handler)
		// A body Connect cannot decode is answered in the portal's words.
		handler = withoutDecoderTexts(handler)
		// Connect, gRPC and gRPC-Web reach the handler directly: vanguard would
		// take a Connect call without its optional version header for REST.
		mux.Handle(path, handler)
		// REST calls reach the handler as binary protobuf: vanguard then
		// writes the JSON once, instead of reading back the handler's JSON
		// and writing it again (a 2000-row grid took three JSON passes).
		// Unknown query parameters are ignored, as browsers and scripts add
		// their own (cache busters).
		// The handler answers them uncompressed, and compressAnswers
		// compresses the JSON (compress_answers.go).
		services = append(services, vanguard.NewService(path, uncompressed(handler), vanguard.WithTargetCodecs(vanguard.CodecProto),
			vanguard.WithNoTargetCompression(),
			vanguard.WithRESTUnmarshalOptions(vanguard.RESTUnmarshalOptions{DiscardUnknownQueryParams: true}),
			vanguard.WithMaxMessageBufferBytes(uint32(serviceBodyLimit(strings.Trim(path, "/"))))))
	}
	mount(portalv1connect.NewManagementServiceHandler(h.Management, options(portalv1connect.ManagementServiceName)))
	mount(portalv1connect.NewAccountServiceHandler(h.Account, options(portalv1connect.AccountServiceName)))
	mount(portalv1connect.NewUserServiceHandler(h.Users, options(portalv1connect.UserServiceName)))
	mount(portalv1connect.NewUserDataServiceHandler(h.UserData, options(portalv1connect.UserDataServiceName)))
	mount(portalv1connect.NewCustomerServiceHandler(h.Customers, options(portalv1connect.CustomerServiceName)))
	mount(portalv1connect.NewCaptchaServiceHandler(h.Captcha, options(portalv1connect.CaptchaServiceName)))
	mount(portalv1connect.NewTenantServiceHandler(h.Tenants, options(portalv1connect.TenantServiceName)))
	mount(portalv1connect.NewFulfillmentServiceHandler(h.Fulfillers, options(portalv1connect.FulfillmentServiceName)))
	mount(portalv1connect.NewDocumentServiceHandler(h.Documents, options(portalv1connect.DocumentServiceName)))
	mount(portalv1connect.NewAcssServiceHandler(h.Acss, options(portalv1connect.AcssServiceName)))
	mount(portalv1connect.NewNewsServiceHandler(h.News, options(portalv1connect.NewsServiceName)))
	mount(portalv1connect.NewInvoiceReportServiceHandler(h.Invoicing, options(portalv1connect.InvoiceReportServiceName)))
	mount(portalv1connect.NewBatchServiceHandler(h.Batches, options(portalv1connect.BatchServiceName)))
	mount(portalv1connect.NewShipmentServiceHandler(h.Shipments, options(portalv1connect.ShipmentServiceName)))
	mount(portalv1connect.NewReportServiceHandler(h.Reports, options(portalv1connect.ReportServiceName)))
	mount(portalv1connect.NewReportDetailsServiceHandler(h.ReportDetails, options(portalv1connect.ReportDetailsServiceName)))
	mount(portalv1connect.NewManifestServiceHandler(h.Manifests, options(portalv1connect.ManifestServiceName)))
	mount(portalv1connect.NewTrackingServiceHandler(h.Tracking, options(portalv1connect.TrackingServiceName)))
	mount(portalv1connect.NewDashboardServiceHandler(h.Dashboard, options(portalv1connect.DashboardServiceName)))
	mount(portalv1connect.NewParcelServiceHandler(h.Parcels, options(portalv1connect.ParcelServiceName)))
	mount(portalv1connect.NewAddressBookServiceHandler(h.AddressBook, options(portalv1connect.AddressBookServiceName)))
	mount(portalv1connect.NewPrinterServiceHandler(h.Printers, options(portalv1connect.PrinterServiceName)))
	mount(portalv1connect.NewWebhookServiceHandler(h.Webhooks, options(portalv1connect.WebhookServiceName)))
	mount(portalv1connect.NewCustomsDocumentServiceHandler(h.CustomsDocs, options(portalv1connect.CustomsDocumentServiceName)))
	mount(portalv1connect.NewInquiryServiceHandler(h.Inquiries, options(portalv1connect.InquiryServiceName)))

	rest, err := vanguard.NewTranscoder(services,
		vanguard.WithCodec(newRESTJSONCodec),
		vanguard.WithUnknownHandler(apiNotFound(fallback)),
	)
	if err != nil {
		return nil, err
	}
	// gRPC server reflection (v1 and v1alpha), when the installation asks
	// for it: grpcurl and buf curl find the services and their messages
	// without a schema at hand. It tells what the API looks like, never any
	// data, but it tells anonymous callers too, so it is off by default.
	// Without it the paths fall through to the webapp's 404 like any other.
	if h.Reflection {
		reflector := grpcreflect.NewStaticReflector(names...)
		mux.Handle(grpcreflect.NewHandlerV1(reflector))
		mux.Handle(grpcreflect.NewHandlerV1Alpha(reflector))
	}
	mux.Handle("GET /management/health", healthREST{queries: h.Management.Queries, auth: auth})
	mux.Handle("GET /management/health/liveness", probeREST(h.Management.Queries.CheckLiveness))
	mux.Handle("GET /management/health/readiness", probeREST(h.Management.Queries.CheckReadiness))
	mux.Handle(grpchealth.NewHandler(readiness{queries: h.Management.Queries, services: names}))
	mux.HandleFunc("GET /api-docs/portal.openapi.yaml", serveOpenAPI)
	// compressAnswers compresses what withRESTErrors writes in the end.
	mux.Handle("/", plainStreams(names, compressAnswers(bodilessWrites(names, withRESTErrors(bodilessReads(commaLists(names, enumQueries(names, rest))))))))
	return withClientAddr(h.Proxies, guardBodies(mux)), nil
}

// openAPIGzip is the document gzipped once: 480 KB of YAML is about 63 KB
// on the wire to a client that accepts gzip.
var openAPIGzip = sync.OnceValue(func() []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	_, _ = zw.Write(openAPIDocument)
	_ = zw.Close()
	return b.Bytes()
})

func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/yaml")
	w.Header().Add("Vary", "Accept-Encoding")
	if web.AcceptsGzip(r) {
		w.Header().Set("Content-Encoding", "gzip")
		_, _ = w.Write(openAPIGzip())
		return
	}
	_, _ = w.Write(openAPIDocument)
}

// apiNotFound answers unknown paths under the API prefixes with a 404 problem
// (error.url.not.found), and passes every other path to the webapp.
func apiNotFound(webapp http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, prefix := range []string{"/web/api/", "/management/", "/api-docs/"} {
			if strings.HasPrefix(r.URL.Path, prefix) {
				writeProblem(w, r.URL.Path, http.StatusNotFound, nil)
				return
			}
		}
		webapp.ServeHTTP(w, r)
	})
}
