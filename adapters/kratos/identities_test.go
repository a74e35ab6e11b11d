package kratos_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"testing"
	"time"

	ory "github.com/ory/kratos-client-go"

	"parcelportal/adapters/kratos"
	"parcelportal/app/demo"
	"parcelportal/app/identity"
	"parcelportal/core/access"
	"parcelportal/core/account"
)

func adminURL(t *testing.T) string {
	t.Helper()
	url := os.Getenv("KRATOS_ADMIN_URL")
	if url == "" {
		t.Fatal("KRATOS_ADMIN_URL is not set: run integration tests through `make test`, which starts Kratos")
	}
	return url
}

// uniqueLogin is prefix and eight random hex digits: a login no other run has.
func uniqueLogin(prefix string) string {
	suffix := make([]byte, 4)
	_, _ = rand.Read(suffix)
	return prefix + hex.EncodeToString(suffix)
}

func TestEnsureUserCreatesOnceAndFindsAfterwards(t *testing.T) {
	url := adminURL(t)
	ctx := context.Background()
	login := uniqueLogin("seedtest")
	admin := kratos.NewAdmin(url, nil)
	user := demo.NewUser{Login: login, Email: login + "@example.org", FirstName: "Test", LastName: "User",
		LangKey: "de", Password: "portal-demo", Roles: []access.Role{access.User}}

	first, err := admin.EnsureUser(ctx, user)
	if err != nil {
		t.Fatal(err)
	}
	cfg := ory.NewConfiguration()
	cfg.Servers = ory.ServerConfigurations{{URL: url}}
	raw := ory.NewAPIClient(cfg)
	t.Cleanup(func() { _, _ = raw.IdentityAPI.DeleteIdentity(context.Background(), first).Execute() })

	second, err := admin.EnsureUser(ctx, user)
	if err != nil || second != first {
		t.Fatalf("second EnsureUser = %q, %v; want %q", second, err, first)
	}
	got, _, err := raw.IdentityAPI.GetIdentity(ctx, first).Execute()
	if err != nil {
		t.Fatal(err)
	}
	meta, _ := got.MetadataAdmin.(map[string]any)
	roles, _ := meta["roles"].([]any)
	if len(roles) != 1 || roles[0] != "ROLE_USER" || meta["activationStatus"] != "ACTIVE" {
		t.Errorf("metadata_admin = %v", got.MetadataAdmin)
	}
	if got.Traits.(map[string]any)["langKey"] != "de" || !got.VerifiableAddresses[0].Verified {
		t.Errorf("identity = %+v", got)
	}
}

func TestProbe(t *testing.T) {
	if err := (kratos.Probe{AdminURL: adminURL(t)}).Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := (kratos.Probe{AdminURL: "http://127.0.0.1:1"}).Check(context.Background()); err == nil {
		t.Fatal("a closed port must fail the probe")
	}
}

// An identity written before the portal kept a status guard (or by hand in
// Kratos) still changes its status once, and then compares like any other.
func TestChangeStatusOfAnIdentityWithoutAGuard(t *testing.T) {
	url := adminURL(t)
	ctx := context.Background()
	login := uniqueLogin("guardless")
	cfg := ory.NewConfiguration()
	cfg.Servers = ory.ServerConfigurations{{URL: url}}
	raw := ory.NewAPIClient(cfg)
	created, _, err := raw.IdentityAPI.CreateIdentity(ctx).CreateIdentityBody(ory.CreateIdentityBody{
		SchemaId:      "portal-user",
		Traits:        map[string]any{"login": login, "email": login + "@example.org", "langKey": "en"},
		MetadataAdmin: map[string]any{"roles": []string{"ROLE_USER"}, "activationStatus": "NEW"},
	}).Execute()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = raw.IdentityAPI.DeleteIdentity(context.Background(), created.Id).Execute() })

	admin := kratos.NewAdmin(url, nil)
	at := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	got, err := admin.ChangeStatus(ctx, created.Id, account.New, account.Active, login, at)
	if err != nil || got.Status != account.Active {
		t.Fatalf("ChangeStatus of a guardless identity = %+v, %v", got, err)
	}
	if _, err := admin.ChangeStatus(ctx, created.Id, account.New, account.Active, login, at); !errors.Is(err, identity.ErrStatusChanged) {
		t.Fatalf("a second NEW to ACTIVE = %v, want ErrStatusChanged", err)
	}
}
