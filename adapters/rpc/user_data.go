package rpc

import (
	"context"
	"time"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/userdata"
	"parcelportal/core/organisation"
)

// UserDataHandler serves portal.v1.UserDataService.
type UserDataHandler struct{ UserData userdata.Service }

// GetMyUserData returns the caller's own link.
func (h UserDataHandler) GetMyUserData(ctx context.Context, _ *connect.Request[portalv1.GetMyUserDataRequest]) (*connect.Response[portalv1.GetMyUserDataResponse], error) {
	caller := callerFrom(ctx)
	n, err := h.UserData.Mine(ctx, caller)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetMyUserDataResponse{UserData: userDataToProto(n)}), nil
}

// ListUserData pages the links; X-Total-Count carries the total.
func (h UserDataHandler) ListUserData(ctx context.Context, req *connect.Request[portalv1.ListUserDataRequest]) (*connect.Response[portalv1.ListUserDataResponse], error) {
	m := req.Msg
	links, total, err := h.UserData.List(ctx, callerFrom(ctx), userdata.Page{Page: int(m.GetPage()), Size: int(m.GetSize()), Sort: m.GetSort(), Descending: descending(m.GetDirection())})
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListUserDataResponse{TotalCount: int64(total), UserData: protos(links, userDataToProto)}
	return withTotal(connect.NewResponse(out), total), nil
}

// GetUserData returns one link.
func (h UserDataHandler) GetUserData(ctx context.Context, req *connect.Request[portalv1.GetUserDataRequest]) (*connect.Response[portalv1.GetUserDataResponse], error) {
	n, err := h.UserData.Get(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetUserDataResponse{UserData: userDataToProto(n)}), nil
}

// CreateUserData links a login.
func (h UserDataHandler) CreateUserData(ctx context.Context, req *connect.Request[portalv1.CreateUserDataRequest]) (*connect.Response[portalv1.CreateUserDataResponse], error) {
	d := req.Msg.GetUserData()
	n, err := h.UserData.Create(ctx, callerFrom(ctx), d.GetUser().GetLogin(), d.GetCustomer().GetId(), d.GetFulfillment().GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateUserDataResponse{UserData: userDataToProto(n)}), nil
}

// UpdateUserData changes a link.
func (h UserDataHandler) UpdateUserData(ctx context.Context, req *connect.Request[portalv1.UpdateUserDataRequest]) (*connect.Response[portalv1.UpdateUserDataResponse], error) {
	d := req.Msg.GetUserData()
	n, err := h.UserData.Update(ctx, callerFrom(ctx), d.GetId(), d.GetCustomer().GetId(), d.GetFulfillment().GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.UpdateUserDataResponse{UserData: userDataToProto(n)}), nil
}

// DeleteUserData removes a link.
func (h UserDataHandler) DeleteUserData(ctx context.Context, req *connect.Request[portalv1.DeleteUserDataRequest]) (*connect.Response[portalv1.DeleteUserDataResponse], error) {
	if err := h.UserData.Delete(ctx, callerFrom(ctx), req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.DeleteUserDataResponse{}), nil
}

func userDataToProto(n userdata.Named) *portalv1.UserData {
	out := &portalv1.UserData{
		Id: n.ID,
		User: &portalv1.UserRef{Login: n.Login, FirstName: n.User.FirstName, LastName: n.User.LastName,
			Authorities: rolesToProto(n.User.Roles)},
	}
	if n.Customer != nil {
		out.Customer = customerRefToProto(*n.Customer)
	}
	if f := n.Fulfillment; f != nil {
		out.Fulfillment = &portalv1.FulfillmentRef{Id: f.ID, Name: f.Name, Customers: protos(f.Customers, customerRefToProto)}
	}
	return out
}

func customerRefToProto(c organisation.CustomerRef) *portalv1.CustomerRef {
	return &portalv1.CustomerRef{Id: c.ID, Name: c.Name, Crmid: c.CRMID, HubCountryCode: c.HubCountryCode}
}

// ListPendingRegistrations pages the self-registrations waiting for a link.
func (h UserDataHandler) ListPendingRegistrations(ctx context.Context, req *connect.Request[portalv1.ListPendingRegistrationsRequest]) (*connect.Response[portalv1.ListPendingRegistrationsResponse], error) {
	requests, total, err := h.UserData.PendingRegistrations(ctx, callerFrom(ctx), int(req.Msg.GetPage()), int(req.Msg.GetSize()))
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListPendingRegistrationsResponse{TotalCount: int64(total)}
	for _, r := range requests {
		p := &portalv1.RegistrationRequest{
			Id: r.ID, Login: r.Login, Email: r.Email, Crmid: r.CRMID, RequestReason: r.Reason,
			RequestedAt: r.RequestedAt.UTC().Format(time.RFC3339),
		}
		if r.Customer != nil {
			p.Customer = customerRefToProto(*r.Customer)
		}
		out.Requests = append(out.Requests, p)
	}
	return withTotal(connect.NewResponse(out), total), nil
}
