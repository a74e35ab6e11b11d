package rpc

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"

	"parcelportal/app/identity"
	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// servedProcedures lists every RPC of the portal.v1 package, from the
// generated descriptors, so a new RPC cannot slip past the table.
func servedProcedures(t *testing.T) []string {
	var out []string
	protoregistry.GlobalFiles.RangeFilesByPackage("portal.v1", func(fd protoreflect.FileDescriptor) bool {
		for i := range fd.Services().Len() {
			svc := fd.Services().Get(i)
			for j := range svc.Methods().Len() {
				out = append(out, fmt.Sprintf("/%s/%s", svc.FullName(), svc.Methods().Get(j).Name()))
			}
		}
		return true
	})
	if len(out) < 20 {
		t.Fatalf("only %d procedures found", len(out))
	}
	return out
}

func TestEveryProcedureHasAPolicy(t *testing.T) {
	served := servedProcedures(t)
	for _, p := range served {
		if _, ok := policies[p]; !ok {
			t.Errorf("%s has no policy", p)
		}
	}
	for p := range policies {
		if !slices.Contains(served, p) {
			t.Errorf("policy for %s, which is not served", p)
		}
	}
}

// fakeResolver knows one bearer per kind of caller.
type fakeResolver map[string]identity.CallerState

func (f fakeResolver) ResolveCaller(_ context.Context, token string) (identity.CallerState, error) {
	if s, ok := f[token]; ok {
		return s, nil
	}
	return identity.CallerState{}, account.ErrBadCredentials
}

func TestAuthorizeWalksEveryProcedureWithEveryCaller(t *testing.T) {
	resolver := fakeResolver{}
	for _, r := range access.AllRoles {
		resolver[string(r)] = identity.CallerState{Caller: &access.Caller{Login: string(r), Roles: []access.Role{r}}}
	}
	resolver["roleless"] = identity.CallerState{Caller: &access.Caller{Login: "roleless"}}
	resolver["pending"] = identity.CallerState{Caller: &access.Caller{Login: "pending", Roles: []access.Role{access.Admin}}, MFAPending: true}
	auth := newAuthenticator(resolver)

	bearers := []string{"", "stale"}
	for token := range resolver {
		bearers = append(bearers, token)
	}
	for _, procedure := range servedProcedures(t) {
		policy := policies[procedure]
		for _, token := range bearers {
			header := ""
			if token != "" {
				header = "Bearer " + token
			}
			ctx, err := auth.authorize(context.Background(), procedure, header)
			state, known := resolver[token]
			want := policy.IsPublic() ||
				(known && policy.Allows(state.Caller) && (!state.MFAPending || duringMFA[procedure]))
			if got := err == nil; got != want {
				t.Errorf("%s with %q: allowed = %v, want %v (err %v)", procedure, token, got, want, err)
				continue
			}
			if err != nil {
				f, _ := failure.As(err)
				if f == nil || (f.Kind != failure.Unauthenticated && f.Kind != failure.Forbidden) {
					t.Errorf("%s with %q: refusal is %v, want unauthenticated or forbidden", procedure, token, err)
				}
				continue
			}
			if known && !policy.IsPublic() && callerFrom(ctx) != state.Caller {
				t.Errorf("%s with %q: the caller is not in the context", procedure, token)
			}
		}
	}
}

func TestAnonymousAndStaleBearersAreUnauthenticatedNotForbidden(t *testing.T) {
	auth := newAuthenticator(fakeResolver{})
	for _, header := range []string{"", "Bearer stale", "Basic abc"} {
		_, err := auth.authorize(context.Background(), "/portal.v1.AccountService/GetAccount", header)
		if f, ok := failure.As(err); !ok || f.Kind != failure.Unauthenticated {
			t.Errorf("%q: %v, want unauthenticated (the browser then shows the login)", header, err)
		}
	}
}

func TestPendingSecondFactorOnlyFinishesTheDialog(t *testing.T) {
	auth := newAuthenticator(fakeResolver{"p": {Caller: &access.Caller{Roles: []access.Role{access.User}}, MFAPending: true}})
	for procedure := range policies {
		_, err := auth.authorize(context.Background(), procedure, "Bearer p")
		allowed := err == nil
		if want := duringMFA[procedure] || policies[procedure].IsPublic(); allowed != want {
			t.Errorf("%s while MFA is pending: allowed = %v, want %v", procedure, allowed, want)
		}
	}
}

// TestPolicyTableMatchesTheSpec states who may call what in plain rows,
// independent of the table, so that a wrong entry fails here.
func TestPolicyTableMatchesTheSpec(t *testing.T) {
	const anyone, signedIn = "anyone", "any signed-in role"
	rows := []struct {
		procedure string
		who       []string // anyone, signedIn, or the roles allowed
	}{
		{"/portal.v1.ManagementService/GetInfo", []string{anyone}},
		{"/portal.v1.AccountService/Register", []string{anyone}},
		{"/portal.v1.AccountService/Authenticate", []string{anyone}},
		{"/portal.v1.AccountService/GetAccount", []string{signedIn}},
		{"/portal.v1.AccountService/ChangePassword", []string{signedIn}},
		{"/portal.v1.UserService/ListUsers", []string{"ROLE_ADMIN", "ROLE_SUPERADMIN"}},
		{"/portal.v1.UserService/DeleteUser", []string{"ROLE_ADMIN", "ROLE_SUPERADMIN"}},
		{"/portal.v1.UserDataService/GetMyUserData", []string{signedIn}},
		{"/portal.v1.UserDataService/UpdateUserData", []string{"ROLE_ADMIN", "ROLE_SUPERADMIN", "ROLE_OPERATIONS"}},
		// The consents belong to the customer form (spec 3 sections 2 and 6).
		{"/portal.v1.CustomerService/SetGtcAccepted", []string{"ROLE_ADMIN", "ROLE_SUPERADMIN", "ROLE_USER", "ROLE_OPERATIONS"}},
		{"/portal.v1.CustomerService/SetCiPricingAccepted", []string{"ROLE_ADMIN", "ROLE_SUPERADMIN", "ROLE_USER", "ROLE_OPERATIONS"}},
		{"/portal.v1.CustomerService/UpdateCustomer", []string{"ROLE_ADMIN", "ROLE_SUPERADMIN", "ROLE_USER", "ROLE_OPERATIONS"}},
		{"/portal.v1.AccountService/SaveAccount", []string{signedIn}},
		{"/portal.v1.AccountService/Logout", []string{signedIn}},
	}
	resolver := fakeResolver{}
	for _, r := range access.AllRoles {
		resolver[string(r)] = identity.CallerState{Caller: &access.Caller{Roles: []access.Role{r}}}
	}
	auth := newAuthenticator(resolver)
	callers := append([]string{""}, rolesToStrings(access.AllRoles)...)
	for _, row := range rows {
		for _, caller := range callers {
			header := ""
			if caller != "" {
				header = "Bearer " + caller
			}
			_, err := auth.authorize(context.Background(), row.procedure, header)
			want := slices.Contains(row.who, anyone) ||
				(caller != "" && (slices.Contains(row.who, signedIn) || slices.Contains(row.who, caller)))
			if got := err == nil; got != want {
				t.Errorf("%s by %q: allowed = %v, want %v", row.procedure, caller, got, want)
			}
		}
	}
}

// ownAccount are the writes a tracking-only login keeps: its own account,
// its password, its second factor, signing out, and the newsletter.
var ownAccount = map[string]bool{
	"/portal.v1.AccountService/SaveAccount":            true,
	"/portal.v1.AccountService/ChangePassword":         true,
	"/portal.v1.AccountService/Logout":                 true,
	"/portal.v1.AccountService/VerifyMfaCode":          true,
	"/portal.v1.AccountService/SkipMfa":                true,
	"/portal.v1.AccountService/GetMfaRegistrationCode": true,
	// Spec 3 section 6 opens /newsletter-subscribe to TRACKING too.
	"/portal.v1.InquiryService/SubscribeNewsletter": true,
}

// isRead: a procedure that only reads, by the naming of the protos.
func isRead(procedure string) bool {
	_, method, _ := strings.Cut(strings.TrimPrefix(procedure, "/"), "/")
	for _, prefix := range []string{"Get", "List", "Download", "Search", "Export"} {
		if strings.HasPrefix(method, prefix) {
			return true
		}
	}
	return false
}

// TestTrackingOnlyWritesNothingButItsAccount walks every procedure with a
// tracking-only login (spec 1 section 6: it sees only tracking): every
// write outside its own account is refused, so that a later procedure
// opened to any signed-in role fails here unless it is a read.
func TestTrackingOnlyWritesNothingButItsAccount(t *testing.T) {
	tracking := &access.Caller{Login: "tracking", Roles: []access.Role{access.TrackingOnly}, CustomerID: 1}
	auth := newAuthenticator(fakeResolver{"t": {Caller: tracking}})
	for _, procedure := range servedProcedures(t) {
		if policies[procedure].IsPublic() {
			continue
		}
		_, err := auth.authorize(context.Background(), procedure, "Bearer t")
		if isRead(procedure) || ownAccount[procedure] {
			continue
		}
		if f, ok := failure.As(err); !ok || f.Kind != failure.Forbidden {
			t.Errorf("tracking-only login calls %s: %v, want forbidden", procedure, err)
		}
	}
	for procedure := range ownAccount {
		if _, err := auth.authorize(context.Background(), procedure, "Bearer t"); err != nil {
			t.Errorf("tracking-only login cannot call %s on its own account: %v", procedure, err)
		}
	}
}
