package rpc

import (
	"context"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/organisations"
	"parcelportal/core/organisation"
)

// FulfillmentHandler serves portal.v1.FulfillmentService (staff only).
type FulfillmentHandler struct{ Organisation organisations.Service }

// ListFulfillments pages the fulfillments; X-Total-Count carries the total.
func (h FulfillmentHandler) ListFulfillments(ctx context.Context, req *connect.Request[portalv1.ListFulfillmentsRequest]) (*connect.Response[portalv1.ListFulfillmentsResponse], error) {
	fs, total, err := h.Organisation.ListFulfillments(ctx, callerFrom(ctx), organisations.Page{Page: int(req.Msg.GetPage()), Size: int(req.Msg.GetSize())})
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListFulfillmentsResponse{TotalCount: int64(total), Fulfillments: protos(fs, fulfillmentToProto)}
	return withTotal(connect.NewResponse(out), total), nil
}

// GetFulfillment returns one fulfillment.
func (h FulfillmentHandler) GetFulfillment(ctx context.Context, req *connect.Request[portalv1.GetFulfillmentRequest]) (*connect.Response[portalv1.GetFulfillmentResponse], error) {
	f, err := h.Organisation.GetFulfillment(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetFulfillmentResponse{Fulfillment: fulfillmentToProto(f)}), nil
}

// CreateFulfillment adds a fulfillment.
func (h FulfillmentHandler) CreateFulfillment(ctx context.Context, req *connect.Request[portalv1.CreateFulfillmentRequest]) (*connect.Response[portalv1.CreateFulfillmentResponse], error) {
	in := fulfillmentFromProto(req.Msg.GetFulfillment())
	in.ID = 0
	f, err := h.Organisation.SaveFulfillment(ctx, callerFrom(ctx), in)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateFulfillmentResponse{Fulfillment: fulfillmentToProto(f)}), nil
}

// UpdateFulfillment saves a fulfillment; an update needs its id.
func (h FulfillmentHandler) UpdateFulfillment(ctx context.Context, req *connect.Request[portalv1.UpdateFulfillmentRequest]) (*connect.Response[portalv1.UpdateFulfillmentResponse], error) {
	in := fulfillmentFromProto(req.Msg.GetFulfillment())
	if in.ID <= 0 {
		return nil, organisations.ErrFulfillmentNotFound
	}
	f, err := h.Organisation.SaveFulfillment(ctx, callerFrom(ctx), in)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.UpdateFulfillmentResponse{Fulfillment: fulfillmentToProto(f)}), nil
}

// DeleteFulfillment removes a fulfillment.
func (h FulfillmentHandler) DeleteFulfillment(ctx context.Context, req *connect.Request[portalv1.DeleteFulfillmentRequest]) (*connect.Response[portalv1.DeleteFulfillmentResponse], error) {
	if err := h.Organisation.DeleteFulfillment(ctx, callerFrom(ctx), req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.DeleteFulfillmentResponse{}), nil
}

// CheckFulfillmentCustomers lists the selected customers of other fulfillments.
func (h FulfillmentHandler) CheckFulfillmentCustomers(ctx context.Context, req *connect.Request[portalv1.CheckFulfillmentCustomersRequest]) (*connect.Response[portalv1.CheckFulfillmentCustomersResponse], error) {
	ms, err := h.Organisation.CustomersToMove(ctx, callerFrom(ctx), req.Msg.GetId(), req.Msg.GetCustomerIds())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CheckFulfillmentCustomersResponse{Customers: choicesToProto(ms)}), nil
}

// ListCustomerChoices lists every customer with its fulfillment.
func (h FulfillmentHandler) ListCustomerChoices(ctx context.Context, _ *connect.Request[portalv1.ListCustomerChoicesRequest]) (*connect.Response[portalv1.ListCustomerChoicesResponse], error) {
	ms, err := h.Organisation.CustomerChoices(ctx, callerFrom(ctx))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.ListCustomerChoicesResponse{Customers: choicesToProto(ms)}), nil
}

func choicesToProto(ms []organisation.Membership) []*portalv1.CustomerChoice {
	out := make([]*portalv1.CustomerChoice, 0, len(ms))
	for _, m := range ms {
		c := &portalv1.CustomerChoice{Customer: customerRefToProto(m.Customer)}
		if m.Fulfillment.ID != 0 {
			c.Fulfillment = &portalv1.FulfillmentRef{Id: m.Fulfillment.ID, Name: m.Fulfillment.Name}
		}
		out = append(out, c)
	}
	return out
}

func fulfillmentToProto(f organisation.Fulfillment) *portalv1.Fulfillment {
	return &portalv1.Fulfillment{Id: f.ID, Name: f.Name, Crmid: f.CRMID, Customers: protos(f.Customers, customerRefToProto)}
}

func fulfillmentFromProto(p *portalv1.Fulfillment) organisation.Fulfillment {
	f := organisation.Fulfillment{ID: p.GetId(), Name: p.GetName(), CRMID: p.GetCrmid()}
	for _, c := range p.GetCustomers() {
		f.Customers = append(f.Customers, organisation.CustomerRef{ID: c.GetId()})
	}
	return f
}
