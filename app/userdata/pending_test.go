package userdata_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/identity"
	"parcelportal/app/userdata"
	"parcelportal/core/access"
	"parcelportal/core/failure"
)

var staff = &access.Caller{Login: "operations", Roles: []access.Role{access.Operations}}

func TestPendingRegistrationsPageOldestFirstAndRefuseBadSizes(t *testing.T) {
	ctx := context.Background()
	links := memory.NewUserLinks()
	requests := &memory.RegistrationRequests{Links: links}
	at := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	for i := range 25 {
		_, err := requests.Add(ctx, identity.RegistrationRequest{Login: fmt.Sprintf("visitor%02d", i), CRMID: "DE10000001",
			RequestedAt: at.Add(time.Duration(25-i) * time.Minute)})
		if err != nil {
			t.Fatal(err)
		}
	}
	links.Set("visitor24", access.Link{CustomerID: 1})
	svc := userdata.Service{Requests: requests}

	page, total, err := svc.PendingRegistrations(ctx, staff, 0, 0)
	if err != nil || total != 24 || len(page) != 20 || page[0].Login != "visitor23" {
		t.Fatalf("first page = %d of %d (first %v), %v; want 20 of 24, oldest first, without the linked one", len(page), total, page[0].Login, err)
	}
	for _, size := range []int{-1, 101} {
		_, _, err := svc.PendingRegistrations(ctx, staff, 0, size)
		if f, ok := failure.As(err); !ok || len(f.Fields) != 1 || f.Fields[0].Field != "size" {
			t.Errorf("size %d = %v; want a field error on size", size, err)
		}
	}
	_, _, err = svc.PendingRegistrations(ctx, staff, -1, 20)
	if f, ok := failure.As(err); !ok || len(f.Fields) != 1 || f.Fields[0].Field != "page" {
		t.Errorf("page -1 = %v; want a field error on page", err)
	}
}
