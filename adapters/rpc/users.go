package rpc

import (
	"context"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/identity"
	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// UserHandler serves portal.v1.UserService.
type UserHandler struct {
	Identity identity.Service
	auth     *authenticator
}

// ListUsers pages the logins; X-Total-Count carries the total.
func (h UserHandler) ListUsers(ctx context.Context, req *connect.Request[portalv1.ListUsersRequest]) (*connect.Response[portalv1.ListUsersResponse], error) {
	m := req.Msg
	q := identity.UserQuery{Page: int(m.GetPage()), Size: int(m.GetSize()), Sort: m.GetSort(), Descending: descending(m.GetDirection()), Login: m.GetLogin()}
	for _, s := range m.GetStatus() {
		st, ok := account.ParseStatus(nameOf(s))
		if !ok {
			return nil, failure.InvalidFields(failure.FieldViolation{Object: "userQuery", Field: "status", Rule: account.RulePattern})
		}
		q.Statuses = append(q.Statuses, st)
	}
	users, total, err := h.Identity.ListUsers(ctx, callerFrom(ctx), q)
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListUsersResponse{TotalCount: int64(total), Users: protos(users, userToProto)}
	return withTotal(connect.NewResponse(out), total), nil
}

// ListAuthorities names every role.
func (h UserHandler) ListAuthorities(context.Context, *connect.Request[portalv1.ListAuthoritiesRequest]) (*connect.Response[portalv1.ListAuthoritiesResponse], error) {
	return connect.NewResponse(&portalv1.ListAuthoritiesResponse{Authorities: rolesToProto(access.AllRoles)}), nil
}

// GetUser returns one login.
func (h UserHandler) GetUser(ctx context.Context, req *connect.Request[portalv1.GetUserRequest]) (*connect.Response[portalv1.GetUserResponse], error) {
	u, err := h.Identity.GetUser(ctx, callerFrom(ctx), req.Msg.GetLogin())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetUserResponse{User: userToProto(u)}), nil
}

// CreateUser creates a login.
func (h UserHandler) CreateUser(ctx context.Context, req *connect.Request[portalv1.CreateUserRequest]) (*connect.Response[portalv1.CreateUserResponse], error) {
	caller := callerFrom(ctx)
	u, err := h.Identity.CreateUser(ctx, caller, userFromProto(req.Msg.GetUser()), req.Msg.GetUser().GetPassword())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateUserResponse{User: userToProto(u)}), nil
}

// UpdateUser changes a login.
func (h UserHandler) UpdateUser(ctx context.Context, req *connect.Request[portalv1.UpdateUserRequest]) (*connect.Response[portalv1.UpdateUserResponse], error) {
	caller := callerFrom(ctx)
	u, err := h.Identity.UpdateUser(ctx, caller, userFromProto(req.Msg.GetUser()))
	if err != nil {
		return nil, err
	}
	// Roles or status may have changed: the user's next call resolves them afresh.
	h.auth.forgetIdentity(ctx, u.ID)
	return connect.NewResponse(&portalv1.UpdateUserResponse{User: userToProto(u)}), nil
}

// DeleteUser removes a login.
func (h UserHandler) DeleteUser(ctx context.Context, req *connect.Request[portalv1.DeleteUserRequest]) (*connect.Response[portalv1.DeleteUserResponse], error) {
	caller := callerFrom(ctx)
	u, err := h.Identity.GetUser(ctx, callerFrom(ctx), req.Msg.GetLogin())
	if err != nil {
		return nil, err
	}
	err = h.Identity.DeleteUser(ctx, caller, req.Msg.GetLogin())
	h.auth.forgetIdentity(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.DeleteUserResponse{}), nil
}

func userToProto(u account.User) *portalv1.User {
	return &portalv1.User{
		Login: u.Login, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email,
		ActivationStatus: given(activationStatusToProto(u.Status)), LangKey: u.LangKey, Authorities: rolesToProto(u.Roles),
		CreatedBy: u.CreatedBy, CreatedDate: timestampOrNil(u.CreatedAt),
		LastModifiedBy: u.ModifiedBy, LastModifiedDate: timestampOrNil(u.ModifiedAt),
	}
}

func userFromProto(p *portalv1.User) account.User {
	u := account.User{
		Login: p.GetLogin(), FirstName: p.GetFirstName(), LastName: p.GetLastName(), Email: p.GetEmail(),
		LangKey: p.GetLangKey(), Status: account.Status(nameOf(p.GetActivationStatus())),
	}
	u.Roles = rolesFromProto(p.GetAuthorities())
	return u
}
