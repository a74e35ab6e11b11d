package management_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/management"
	"parcelportal/core/health"
	"parcelportal/core/profile"
	"parcelportal/core/reference"
)

type probeFunc func(ctx context.Context) error

func (f probeFunc) Check(ctx context.Context) error { return f(ctx) }

func TestGetInfoDescribesTheInstallation(t *testing.T) {
	q := management.Queries{
		Settings: profile.Settings{Environment: "dev", SwaggerEnabled: true, RecaptchaSiteKey: "site"},
		Build:    profile.Build{Version: "1.0.0"},
		Catalogs: memory.NewCatalog(reference.Standard()),
		Now:      func() time.Time { return time.Date(2030, 5, 1, 0, 0, 0, 0, time.UTC) },
	}
	p, err := q.GetInfo(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if p.RibbonEnv != "dev" || p.CopyrightYear != 2030 || p.Version != "1.0.0" || !p.SwaggerEnabled || p.RecaptchaSiteKey != "site" {
		t.Errorf("profile = %+v", p)
	}
	if !reference.Has(p.Catalog.Products, reference.ProductGo) {
		t.Errorf("profile carries no reference data: %+v", p.Catalog.Products)
	}
}

func TestGetInfoFailsWhenReferenceDataCannotBeRead(t *testing.T) {
	q := management.Queries{Catalogs: failingCatalog{}}
	if _, err := q.GetInfo(context.Background()); err == nil {
		t.Fatal("want an error")
	}
}

type failingCatalog struct{}

func (failingCatalog) Catalog(context.Context) (reference.Catalog, error) {
	return reference.Catalog{}, errors.New("db down")
}

func TestCheckHealth(t *testing.T) {
	up := probeFunc(func(context.Context) error { return nil })
	down := probeFunc(func(context.Context) error { return errors.New("refused") })
	hangs := probeFunc(func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() })

	q := management.Queries{Probes: map[string]management.Probe{"db": up, "redis": up}}
	if r := q.CheckHealth(context.Background()); r.Status != health.Up || len(r.Components) != 2 {
		t.Errorf("all up: %+v", r)
	}

	q = management.Queries{
		Probes:       map[string]management.Probe{"db": up, "mail": down, "kratos": hangs},
		ProbeTimeout: 20 * time.Millisecond,
	}
	r := q.CheckHealth(context.Background())
	if r.Status != health.Down {
		t.Errorf("status = %s, want DOWN", r.Status)
	}
	if r.Components["mail"].Details["error"] != "refused" || r.Components["kratos"].Status != health.Down || r.Components["db"].Status != health.Up {
		t.Errorf("components = %+v", r.Components)
	}
}
