package rpc

import (
	"context"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/webhooks"
	"parcelportal/core/webhook"
)

// WebhookHandler serves portal.v1.WebhookService.
type WebhookHandler struct{ Webhooks webhooks.Service }

var webhookEventTypes = map[webhook.EventType]portalv1.WebhookEvent_Type{
	webhook.BatchSent:       portalv1.WebhookEvent_BATCH_SENT,
	webhook.BatchFailed:     portalv1.WebhookEvent_BATCH_FAILED,
	webhook.ManifestCreated: portalv1.WebhookEvent_MANIFEST_CREATED,
	webhook.LabelCancelled:  portalv1.WebhookEvent_LABEL_CANCELLED,
	webhook.TrackingEvent:   portalv1.WebhookEvent_TRACKING_EVENT,
	webhook.Test:            portalv1.WebhookEvent_WEBHOOK_TEST,
}

func webhookEventTypeFromProto(t portalv1.WebhookEvent_Type) webhook.EventType {
	for k, v := range webhookEventTypes {
		if v == t {
			return k
		}
	}
	return ""
}

var webhookStates = map[webhook.State]portalv1.WebhookDeliveryState_State{
	webhook.Pending:   portalv1.WebhookDeliveryState_PENDING,
	webhook.Delivered: portalv1.WebhookDeliveryState_DELIVERED,
	webhook.Failed:    portalv1.WebhookDeliveryState_FAILED,
}

// timeOrNil is an unset timestamp for a zero time.
func timeOrNil(t time.Time) *timestamppb.Timestamp {
	if t.IsZero() {
		return nil
	}
	return timestamppb.New(t)
}

func webhookEndpointToProto(e webhook.Endpoint) *portalv1.WebhookEndpoint {
	out := &portalv1.WebhookEndpoint{Id: e.ID, CustomerId: e.CustomerID, Url: e.URL, Description: e.Description,
		Enabled: e.Enabled, DisabledReason: e.DisabledReason, FailingSince: timeOrNil(e.FailingSince), CreatedAt: timeOrNil(e.CreatedAt)}
	for _, t := range e.Events {
		out.Events = append(out.Events, webhookEventTypes[t])
	}
	return out
}

func webhookDeliveryToProto(d webhook.Delivery) *portalv1.WebhookDelivery {
	return &portalv1.WebhookDelivery{Id: d.ID, EventId: d.EventID, EventType: webhookEventTypes[d.EventType],
		State: webhookStates[d.State], Attempts: int32(d.Attempts), Status: int32(d.Status), DurationMs: d.Duration.Milliseconds(),
		Error: d.Error, LastTry: timeOrNil(d.LastTry), NextTry: timeOrNil(d.NextTry), CreatedAt: timeOrNil(d.CreatedAt)}
}

// ListWebhookEndpoints lists the customer's endpoints.
func (h WebhookHandler) ListWebhookEndpoints(ctx context.Context, req *connect.Request[portalv1.ListWebhookEndpointsRequest]) (*connect.Response[portalv1.ListWebhookEndpointsResponse], error) {
	list, err := h.Webhooks.List(ctx, callerFrom(ctx), req.Msg.GetCustomerId())
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListWebhookEndpointsResponse{Endpoints: make([]*portalv1.WebhookEndpoint, 0, len(list))}
	for _, e := range list {
		out.Endpoints = append(out.Endpoints, webhookEndpointToProto(e))
	}
	return connect.NewResponse(out), nil
}

// CreateWebhookEndpoint registers an endpoint and answers its secret once.
func (h WebhookHandler) CreateWebhookEndpoint(ctx context.Context, req *connect.Request[portalv1.CreateWebhookEndpointRequest]) (*connect.Response[portalv1.CreateWebhookEndpointResponse], error) {
	in := req.Msg.GetEndpoint()
	e := webhook.Endpoint{CustomerID: req.Msg.GetCustomerId(), URL: in.GetUrl(), Description: in.GetDescription()}
	for _, t := range in.GetEvents() {
		e.Events = append(e.Events, webhookEventTypeFromProto(t))
	}
	created, err := h.Webhooks.Create(ctx, callerFrom(ctx), e)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateWebhookEndpointResponse{Endpoint: webhookEndpointToProto(created), Secret: created.Secret}), nil
}

// SetWebhookEndpointEnabled enables or disables an endpoint.
func (h WebhookHandler) SetWebhookEndpointEnabled(ctx context.Context, req *connect.Request[portalv1.SetWebhookEndpointEnabledRequest]) (*connect.Response[portalv1.SetWebhookEndpointEnabledResponse], error) {
	if err := h.Webhooks.SetEnabled(ctx, callerFrom(ctx), req.Msg.GetCustomerId(), req.Msg.GetId(), req.Msg.GetEnabled()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.SetWebhookEndpointEnabledResponse{}), nil
}

// DeleteWebhookEndpoint removes an endpoint.
func (h WebhookHandler) DeleteWebhookEndpoint(ctx context.Context, req *connect.Request[portalv1.DeleteWebhookEndpointRequest]) (*connect.Response[portalv1.DeleteWebhookEndpointResponse], error) {
	if err := h.Webhooks.Delete(ctx, callerFrom(ctx), req.Msg.GetCustomerId(), req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.DeleteWebhookEndpointResponse{}), nil
}

// ListWebhookDeliveries lists an endpoint's delivery log.
func (h WebhookHandler) ListWebhookDeliveries(ctx context.Context, req *connect.Request[portalv1.ListWebhookDeliveriesRequest]) (*connect.Response[portalv1.ListWebhookDeliveriesResponse], error) {
	list, err := h.Webhooks.Deliveries(ctx, callerFrom(ctx), req.Msg.GetCustomerId(), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListWebhookDeliveriesResponse{Deliveries: make([]*portalv1.WebhookDelivery, 0, len(list))}
	for _, d := range list {
		out.Deliveries = append(out.Deliveries, webhookDeliveryToProto(d))
	}
	return connect.NewResponse(out), nil
}

// SendWebhookTestEvent sends a test event to an endpoint.
func (h WebhookHandler) SendWebhookTestEvent(ctx context.Context, req *connect.Request[portalv1.SendWebhookTestEventRequest]) (*connect.Response[portalv1.SendWebhookTestEventResponse], error) {
	if err := h.Webhooks.SendTestEvent(ctx, callerFrom(ctx), req.Msg.GetCustomerId(), req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.SendWebhookTestEventResponse{}), nil
}
