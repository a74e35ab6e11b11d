package rpc

import (
	"context"
	"log/slog"
	"strconv"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/reflect/protoreflect"

	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/app/identity"
	"parcelportal/core/failure"
	"parcelportal/core/origin"
)

// Observer is told of every RPC call and every look-up of the session
// cache: the metrics registry (adapters/metrics).
type Observer interface {
	ObserveRPC(procedure, code string, d time.Duration)
	ObserveSessionCache(hit bool)
}

// AuditRecorder appends to the audit log (adapters/postgres AuditLog).
type AuditRecorder interface {
	Record(ctx context.Context, e identity.AuditEvent) error
}

// observe counts and times every call by procedure and the code it ended
// with, and tells log about it at DEBUG. It comes before mapErrors, so it
// sees the codes clients see.
func observe(o Observer, log *slog.Logger) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			started := time.Now()
			res, err := next(ctx, req)
			code := "ok"
			if err != nil {
				code = connect.CodeOf(err).String()
			}
			d := time.Since(started)
			if o != nil {
				o.ObserveRPC(req.Spec().Procedure, code, d)
			}
			if log != nil && log.Enabled(ctx, slog.LevelDebug) {
				// The caller is resolved inside this step: its login is in the note.
				log.DebugContext(ctx, "rpc call", "procedure", req.Spec().Procedure, "code", code, "ms", d.Milliseconds(),
					"caller", origin.NotedCaller(ctx))
			}
			return res, err
		}
	}
}

// audited are the procedures whose successful calls the audit log keeps,
// beside the sign-ins and user changes the identity use cases record: the
// batch actions, customer, consent and tenant (carrier login) changes,
// traffic downloads and logger changes.
var audited = map[string]string{
	portalv1connect.BatchServiceSendBatchProcedure:               "BATCH_SENT",
	portalv1connect.BatchServiceResendBatchProcedure:             "BATCH_RESENT",
	portalv1connect.BatchServiceSendBatchShipmentProcedure:       "BATCH_SHIPMENT_SENT",
	portalv1connect.BatchServiceCancelBatchProcedure:             "BATCH_CANCELLED",
	portalv1connect.BatchServiceCancelBatchShipmentProcedure:     "BATCH_SHIPMENT_CANCELLED",
	portalv1connect.BatchServiceDeleteBatchProcedure:             "BATCH_DELETED",
	portalv1connect.BatchServiceDeleteBatchShipmentsProcedure:    "BATCH_SHIPMENTS_DELETED",
	portalv1connect.BatchServiceCreateBatchManifestProcedure:     "MANIFEST_CREATED",
	portalv1connect.BatchServiceDownloadBatchTrafficProcedure:    "TRAFFIC_DOWNLOADED",
	portalv1connect.ShipmentServiceDeleteShipmentProcedure:       "SHIPMENT_DELETED",
	portalv1connect.CustomerServiceCreateCustomerProcedure:       "CUSTOMER_CREATED",
	portalv1connect.CustomerServiceUpdateCustomerProcedure:       "CUSTOMER_UPDATED",
	portalv1connect.CustomerServiceDeleteCustomerProcedure:       "CUSTOMER_DELETED",
	portalv1connect.CustomerServiceSetGtcAcceptedProcedure:       "CONSENT_GTC_CHANGED",
	portalv1connect.CustomerServiceSetCiPricingAcceptedProcedure: "CONSENT_CI_PRICING_CHANGED",
	portalv1connect.TenantServiceCreateTenantProcedure:           "TENANT_CREATED",
	portalv1connect.TenantServiceUpdateTenantProcedure:           "TENANT_UPDATED",
	portalv1connect.TenantServiceDeleteTenantProcedure:           "TENANT_DELETED",
	portalv1connect.ManagementServiceSetLoggerLevelProcedure:     "LOGGER_LEVEL_CHANGED",
	portalv1connect.ManagementServiceRunDatabaseQueryProcedure:   "DATABASE_QUERY",

	// A report row's traffic, as the batch's.
	portalv1connect.ReportDetailsServiceDownloadReportShipmentTrafficProcedure: "TRAFFIC_DOWNLOADED",
	portalv1connect.ManifestServiceUpdateRoutingOptionProcedure:                "ROUTING_OPTION_CHANGED",

	// Network printers: who configured which address, and every job sent.
	portalv1connect.PrinterServiceCreateNetworkPrinterProcedure: "NETWORK_PRINTER_CREATED",
	portalv1connect.PrinterServiceUpdateNetworkPrinterProcedure: "NETWORK_PRINTER_UPDATED",
	portalv1connect.PrinterServiceDeleteNetworkPrinterProcedure: "NETWORK_PRINTER_DELETED",
	portalv1connect.PrinterServicePrintLabelsProcedure:          "NETWORK_PRINT_JOB",
}

// auditedAlways are the procedures audited whether they succeed or not:
// every statement of the database console and every network print job,
// refused ones too.
var auditedAlways = map[string]bool{
	portalv1connect.ManagementServiceRunDatabaseQueryProcedure: true,
	portalv1connect.PrinterServicePrintLabelsProcedure:         true,
}

// maxAuditedSQL bounds the statement an audit event keeps.
const maxAuditedSQL = 2000

// auditedFields are the request fields an audit event names: ids, the
// logger and its level, a consent's value. Never anything else of the
// request: customer and tenant bodies carry credentials.
var auditedFields = map[protoreflect.Name]string{
	"id": "id", "customer_id": "customerId", "batch_id": "batchId", "shipment_id": "shipmentId",
	"tenant_id": "tenantId", "name": "name", "configured_level": "configuredLevel", "value": "value", "accepted": "accepted",
	"sql": "sql", "report_search": "reportSearch",
}

// auditedMessages are the request fields holding a message whose fields are
// all facts (they hold no secret): a routing option, a network printer.
var auditedMessages = map[protoreflect.Name][]protoreflect.Name{
	"routing_option":  {"country", "manifest_type", "carrier"},
	"network_printer": {"name", "host", "port", "dpi"},
}

// audit records the audited procedures' successful calls with the caller's
// login and the request's ids; a lost event is logged and the call stands.
func audit(recorder AuditRecorder, log *slog.Logger) connect.UnaryInterceptorFunc {
	return func(next connect.UnaryFunc) connect.UnaryFunc {
		return func(ctx context.Context, req connect.AnyRequest) (connect.AnyResponse, error) {
			res, err := next(ctx, req)
			procedure := req.Spec().Procedure
			kind, ok := audited[procedure]
			if (err != nil && !auditedAlways[procedure]) || !ok || recorder == nil {
				return res, err
			}
			e := identity.AuditEvent{Principal: loginOf(ctx), Type: kind, At: time.Now().UTC(), Data: requestFacts(req.Any())}
			if labels, ok := labelsSent(res); ok {
				e.Data["labels"] = labels
			}
			if auditedAlways[procedure] {
				e.Data["outcome"] = "ok"
				if err != nil {
					e.Data["outcome"] = failureKey(err)
				}
			}
			if rerr := recorder.Record(context.WithoutCancel(ctx), e); rerr != nil && log != nil {
				log.WarnContext(ctx, "audit event lost", "type", kind, "principal", e.Principal, "error", rerr)
			}
			return res, err
		}
	}
}

// requestFacts reads the audited fields of a request, and the id of a
// customer or tenant it carries whole.
func requestFacts(msg any) map[string]string {
	facts := map[string]string{}
	m, ok := msg.(interface{ ProtoReflect() protoreflect.Message })
	if !ok {
		return facts
	}
	m.ProtoReflect().Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		if fd.IsList() || fd.IsMap() {
			if fd.IsList() && fd.Name() == "ids" {
				facts["count"] = strconv.Itoa(v.List().Len())
			}
			return true
		}
		if fd.Kind() == protoreflect.MessageKind {
			if id := fd.Message().Fields().ByName("id"); id != nil && (fd.Name() == "customer" || fd.Name() == "tenant") {
				facts[string(fd.Name())+"Id"] = v.Message().Get(id).String()
			}
			for _, f := range auditedMessages[fd.Name()] {
				facts[string(f)] = v.Message().Get(fd.Message().Fields().ByName(f)).String()
			}
			if ids := fd.Message().Fields().ByName("ids"); ids != nil && ids.IsList() {
				// The shipments or parcels a print job names: how many.
				facts[string(fd.Name())] = strconv.Itoa(v.Message().Get(ids).List().Len())
			}
			return true
		}
		if name, ok := auditedFields[fd.Name()]; ok {
			facts[name] = v.String()
			if len(facts[name]) > maxAuditedSQL {
				facts[name] = facts[name][:maxAuditedSQL] + "…"
			}
		}
		return true
	})
	return facts
}

// labelsSent is how many labels a print job's answer says went to the printer.
func labelsSent(res connect.AnyResponse) (string, bool) {
	if res == nil {
		return "", false
	}
	m, ok := res.Any().(interface{ ProtoReflect() protoreflect.Message })
	if !ok {
		return "", false
	}
	fd := m.ProtoReflect().Descriptor().Fields().ByName("labels")
	if fd == nil || fd.Kind() != protoreflect.Int32Kind {
		return "", false
	}
	return m.ProtoReflect().Get(fd).String(), true
}

// loginOf is the caller's login; empty for an anonymous caller.
func loginOf(ctx context.Context) string {
	if c := callerFrom(ctx); c != nil {
		return c.Login
	}
	return ""
}

// failureKey is the message key of a use case's failure, or "error" for
// anything else.
func failureKey(err error) string {
	if f, ok := failure.As(err); ok {
		return f.Key
	}
	return "error"
}
