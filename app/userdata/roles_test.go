package userdata_test

import (
	"context"
	"testing"

	"parcelportal/adapters/memory"
	"parcelportal/app/userdata"
	"parcelportal/core/access"
	"parcelportal/core/failure"
)

// Linking a login grants access to a customer's data, so the use cases
// refuse everybody but staff themselves, behind the transport's role table.
// The service has no link store: a refused call never reaches one.
func TestUserDataRefusesCallersBelowStaff(t *testing.T) {
	ctx := context.Background()
	svc := userdata.Service{Requests: &memory.RegistrationRequests{Links: memory.NewUserLinks()}}
	for _, caller := range []*access.Caller{
		{Login: "user", Roles: []access.Role{access.User}, CustomerID: 1},
		{Login: "service", Roles: []access.Role{access.CustomerService}},
	} {
		forbidden := func(what string, err error) {
			t.Helper()
			if f, ok := failure.As(err); !ok || f.Kind != failure.Forbidden {
				t.Errorf("%s by %s = %v; want forbidden", what, caller.Login, err)
			}
		}
		_, _, err := svc.List(ctx, caller, userdata.Page{})
		forbidden("List", err)
		_, err = svc.Get(ctx, caller, 1)
		forbidden("Get", err)
		_, err = svc.Create(ctx, caller, caller.Login, 1, 0)
		forbidden("Create", err)
		_, err = svc.Update(ctx, caller, 1, 1, 0)
		forbidden("Update", err)
		forbidden("Delete", svc.Delete(ctx, caller, 1))
		_, _, err = svc.PendingRegistrations(ctx, caller, 0, 20)
		forbidden("PendingRegistrations", err)
	}
	if _, err := svc.Mine(ctx, nil); !failure.HasKey(err, "error.unauthenticated") {
		t.Errorf("Mine without a caller = %v", err)
	}
}
