package rpc

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/management"
	"parcelportal/core/health"
	"parcelportal/core/loglevel"
	"parcelportal/core/profile"
	"parcelportal/core/reference"
)

// ManagementHandler serves portal.v1.ManagementService.
type ManagementHandler struct{ Queries management.Queries }

// GetInfo returns the application profile.
func (h ManagementHandler) GetInfo(ctx context.Context, _ *connect.Request[portalv1.GetInfoRequest]) (*connect.Response[portalv1.GetInfoResponse], error) {
	p, err := h.Queries.GetInfo(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetInfoResponse{Profile: profileToProto(p)}), nil
}

// GetProductsAndServices returns the reference data.
func (h ManagementHandler) GetProductsAndServices(ctx context.Context, _ *connect.Request[portalv1.GetProductsAndServicesRequest]) (*connect.Response[portalv1.GetProductsAndServicesResponse], error) {
	c, err := h.Queries.GetProductsAndServices(ctx)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetProductsAndServicesResponse{ProductsAndServices: catalogToProto(c)}), nil
}

// GetVersion names the running build.
func (h ManagementHandler) GetVersion(context.Context, *connect.Request[portalv1.GetVersionRequest]) (*connect.Response[portalv1.GetVersionResponse], error) {
	b := h.Queries.GetVersion()
	return connect.NewResponse(&portalv1.GetVersionResponse{Version: b.Version, BuildDate: timestamppb.New(b.Date)}), nil
}

// GetHealth reports the health of the portal, with its components for
// admins. Over Connect a DOWN portal is still a successful answer: the
// report is the data.
func (h ManagementHandler) GetHealth(ctx context.Context, _ *connect.Request[portalv1.GetHealthRequest]) (*connect.Response[portalv1.GetHealthResponse], error) {
	return connect.NewResponse(&portalv1.GetHealthResponse{Health: healthToProto(h.Queries.CheckHealth(ctx, callerFrom(ctx)))}), nil
}

func profileToProto(p profile.Profile) *portalv1.ApplicationProfile {
	return &portalv1.ApplicationProfile{
		RibbonEnv:           p.RibbonEnv,
		InProduction:        p.InProduction,
		IsSwaggerEnabled:    p.SwaggerEnabled,
		CopyrightYear:       int32(p.CopyrightYear),
		Version:             p.Version,
		BuildDate:           timestamppb.New(p.BuildDate),
		RecaptchaSiteKey:    p.RecaptchaSiteKey,
		ProductsAndServices: catalogToProto(p.Catalog),
		LogoutRedirectUrl:   p.LogoutRedirectURL,
	}
}

func catalogToProto(c reference.Catalog) *portalv1.ProductsAndServices {
	out := &portalv1.ProductsAndServices{
		Products:         codesToProto(c.Products),
		Services:         codesToProto(c.Services),
		Options:          codesToProto(c.Options),
		Formats:          codesToProto(c.Formats),
		ReturnTypes:      codesToProto(c.ReturnTypes),
		ReturnOptions:    codesToProto(c.ReturnOptions),
		TaxFreeCountries: c.TaxFreeCountries,
	}
	for _, r := range c.CanaryIslandsPostalRanges {
		out.CanaryIslandsPostalRanges = append(out.CanaryIslandsPostalRanges,
			&portalv1.PostalRange{CountryCode: r.CountryCode, From: r.From, To: r.To})
	}
	return out
}

func codesToProto(codes []reference.Code) []*portalv1.ReferenceCode {
	out := make([]*portalv1.ReferenceCode, 0, len(codes))
	for _, c := range codes {
		out = append(out, &portalv1.ReferenceCode{Code: c.Code, Name: c.Name})
	}
	return out
}

func healthToProto(r health.Report) *portalv1.Health {
	out := &portalv1.Health{Status: healthStatusToProto(r.Status), Components: make(map[string]*portalv1.HealthComponent, len(r.Components))}
	for name, c := range r.Components {
		out.Components[name] = &portalv1.HealthComponent{Status: healthStatusToProto(c.Status), Details: c.Details,
			LatencyMs: float64(c.Latency.Microseconds()) / 1000}
	}
	return out
}

// timestampOrNil leaves unknown times out of the answer instead of sending 1970.
func timestampOrNil(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}

// GetMetrics returns the metrics page's figures.
func (h ManagementHandler) GetMetrics(ctx context.Context, _ *connect.Request[portalv1.GetMetricsRequest]) (*connect.Response[portalv1.GetMetricsResponse], error) {
	m, err := h.Queries.GetMetrics(ctx, callerFrom(ctx))
	if err != nil {
		return nil, err
	}
	rt := m.Runtime
	out := &portalv1.Metrics{
		Runtime: &portalv1.GoRuntime{HeapAllocBytes: rt.HeapAllocBytes, HeapSysBytes: rt.HeapSysBytes, SysBytes: rt.SysBytes,
			HeapObjects: rt.HeapObjects, GcCount: rt.GCCount, GcPauseSeconds: rt.GCPauseSeconds, Goroutines: rt.Goroutines,
			Threads: rt.Threads, UptimeSeconds: rt.UptimeSeconds, CpuSeconds: rt.CPUSeconds},
		HttpRequests: figuresToProto(m.HTTP),
		RpcCalls:     figuresToProto(m.RPC),
		CarrierCalls: figuresToProto(m.Carrier),
		Database: &portalv1.DatabasePool{Acquired: m.Database.Acquired, Idle: m.Database.Idle, Total: m.Database.Total,
			Max: m.Database.Max, AcquireCount: m.Database.AcquireCount, EmptyAcquireCount: m.Database.EmptyAcquireCount,
			AcquireWaitSeconds: m.Database.AcquireWaitSeconds},
		SessionCache: &portalv1.CacheFigure{Hits: m.SessionCache.Hits, Misses: m.SessionCache.Misses},
		CollectedAt:  timestampOrNil(m.CollectedAt),
	}
	for _, q := range m.Queues {
		out.Queues = append(out.Queues, &portalv1.QueueFigure{Name: q.Name, Pending: q.Pending, Active: q.Active, Retry: q.Retry,
			Failed: q.Failed, Scheduled: q.Scheduled, ProcessedToday: q.Processed})
	}
	return connect.NewResponse(&portalv1.GetMetricsResponse{Metrics: out}), nil
}

func figuresToProto(figures []management.RequestFigure) []*portalv1.RequestFigure {
	out := make([]*portalv1.RequestFigure, 0, len(figures))
	for _, f := range figures {
		mean := 0.0
		if f.Count > 0 {
			mean = f.TotalSeconds * 1000 / f.Count
		}
		out = append(out, &portalv1.RequestFigure{Name: f.Name, Method: f.Method, Outcome: f.Outcome, Count: f.Count,
			MeanMs: mean, TotalMs: f.TotalSeconds * 1000})
	}
	return out
}

// GetThreadDump returns the goroutines grouped by state and stack.
func (h ManagementHandler) GetThreadDump(ctx context.Context, _ *connect.Request[portalv1.GetThreadDumpRequest]) (*connect.Response[portalv1.GetThreadDumpResponse], error) {
	d, err := h.Queries.GetThreadDump(ctx, callerFrom(ctx))
	if err != nil {
		return nil, err
	}
	out := &portalv1.GetThreadDumpResponse{GoroutineCount: int32(d.Count)}
	for _, g := range d.Groups {
		out.Groups = append(out.Groups, &portalv1.GoroutineGroup{State: g.State, Count: int32(g.Count), Stack: g.Stack})
	}
	return connect.NewResponse(out), nil
}

// ListLoggers returns the named loggers and the levels they can take.
func (h ManagementHandler) ListLoggers(ctx context.Context, _ *connect.Request[portalv1.ListLoggersRequest]) (*connect.Response[portalv1.ListLoggersResponse], error) {
	loggers, err := h.Queries.ListLoggers(ctx, callerFrom(ctx))
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListLoggersResponse{Levels: loglevel.Levels}
	for _, l := range loggers {
		out.Loggers = append(out.Loggers, &portalv1.Logger{Name: l.Name, ConfiguredLevel: l.ConfiguredLevel, EffectiveLevel: l.EffectiveLevel})
	}
	return connect.NewResponse(out), nil
}

// SetLoggerLevel changes one logger's level.
func (h ManagementHandler) SetLoggerLevel(ctx context.Context, req *connect.Request[portalv1.SetLoggerLevelRequest]) (*connect.Response[portalv1.SetLoggerLevelResponse], error) {
	if err := h.Queries.SetLoggerLevel(ctx, callerFrom(ctx), req.Msg.GetName(), req.Msg.GetConfiguredLevel()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.SetLoggerLevelResponse{}), nil
}

// GetConfigProps returns the effective configuration, secrets masked.
func (h ManagementHandler) GetConfigProps(ctx context.Context, _ *connect.Request[portalv1.GetConfigPropsRequest]) (*connect.Response[portalv1.GetConfigPropsResponse], error) {
	props, err := h.Queries.GetConfigProps(ctx, callerFrom(ctx))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetConfigPropsResponse{Properties: propertiesToProto(props)}), nil
}

// GetEnv returns the process environment, secrets masked.
func (h ManagementHandler) GetEnv(ctx context.Context, _ *connect.Request[portalv1.GetEnvRequest]) (*connect.Response[portalv1.GetEnvResponse], error) {
	props, err := h.Queries.GetEnv(ctx, callerFrom(ctx))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetEnvResponse{Properties: propertiesToProto(props)}), nil
}

func propertiesToProto(props []management.Property) []*portalv1.ConfigProperty {
	out := make([]*portalv1.ConfigProperty, 0, len(props))
	for _, p := range props {
		out = append(out, &portalv1.ConfigProperty{Source: p.Source, Key: p.Key, Value: p.Value, Masked: p.Masked})
	}
	return out
}

// ListAudits pages the audit log; X-Total-Count carries the total.
func (h ManagementHandler) ListAudits(ctx context.Context, req *connect.Request[portalv1.ListAuditsRequest]) (*connect.Response[portalv1.ListAuditsResponse], error) {
	m := req.Msg
	events, total, err := h.Queries.ListAudits(ctx, callerFrom(ctx), management.AuditRequest{Page: int(m.GetPage()), Size: int(m.GetSize()),
		Sort: m.GetSort(), FromDate: m.GetFromDate(), ToDate: m.GetToDate()})
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListAuditsResponse{TotalCount: total, Audits: make([]*portalv1.AuditEvent, 0, len(events))}
	for _, e := range events {
		out.Audits = append(out.Audits, &portalv1.AuditEvent{Id: e.ID, Principal: e.Principal, Timestamp: timestampOrNil(e.At),
			Type: e.Type, RemoteAddress: e.RemoteAddress, Data: e.Data})
	}
	return withTotal(connect.NewResponse(out), int(total)), nil
}

// RunDatabaseQuery runs one read-only statement of the database console.
func (h ManagementHandler) RunDatabaseQuery(ctx context.Context, req *connect.Request[portalv1.RunDatabaseQueryRequest]) (*connect.Response[portalv1.RunDatabaseQueryResponse], error) {
	r, err := h.Queries.RunDatabaseQuery(ctx, callerFrom(ctx), req.Msg.GetSql())
	if err != nil {
		return nil, err
	}
	out := &portalv1.RunDatabaseQueryResponse{Columns: r.Columns, Truncated: r.Truncated, MaxRows: management.ConsoleMaxRows,
		BytesCapped: r.BytesCapped, MaxBytes: management.ConsoleMaxBytes,
		ElapsedMs: float64(r.Elapsed.Microseconds()) / 1000, Rows: make([]*portalv1.DatabaseRow, 0, len(r.Rows))}
	for _, row := range r.Rows {
		pr := &portalv1.DatabaseRow{Cells: make([]string, len(row)), Nulls: make([]bool, len(row))}
		for i, c := range row {
			pr.Cells[i], pr.Nulls[i] = c.Text, c.Null
		}
		out.Rows = append(out.Rows, pr)
	}
	return connect.NewResponse(out), nil
}
