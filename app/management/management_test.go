package management_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/management"
	"parcelportal/core/access"
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

var admin = &access.Caller{Login: "admin", Roles: []access.Role{access.Admin}}

func TestCheckHealth(t *testing.T) {
	up := probeFunc(func(context.Context) error { return nil })
	down := probeFunc(func(context.Context) error { return errors.New("refused") })
	hangs := probeFunc(func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() })

	q := management.Queries{Probes: map[string]management.Probe{"db": up, "redis": up}}
	if r := q.CheckHealth(context.Background(), admin); r.Status != health.Up || len(r.Components) != 2 {
		t.Errorf("all up: %+v", r)
	}

	q = management.Queries{
		Probes:       map[string]management.Probe{"db": up, "mail": down, "kratos": hangs},
		ProbeTimeout: 20 * time.Millisecond,
	}
	r := q.CheckHealth(context.Background(), admin)
	if r.Status != health.Down {
		t.Errorf("status = %s, want DOWN", r.Status)
	}
	if r.Components["mail"].Details["error"] != "refused" || r.Components["kratos"].Status != health.Down || r.Components["db"].Status != health.Up {
		t.Errorf("components = %+v", r.Components)
	}
}

// Only admins learn which dependency fails and why: the error texts name
// hosts and database logins.
func TestCheckHealthShowsDetailsToAdminsOnly(t *testing.T) {
	leak := probeFunc(func(context.Context) error {
		return errors.New(`failed to connect to host=10.1.2.3 user=portal: password authentication failed`)
	})
	q := management.Queries{Probes: map[string]management.Probe{"db": leak}}
	for _, c := range []*access.Caller{nil, {Login: "u", Roles: []access.Role{access.User}}, {Login: "o", Roles: []access.Role{access.Operations}}} {
		// Which component is DOWN, never why.
		if r := q.CheckHealth(context.Background(), c); r.Status != health.Down || r.Components["db"].Status != health.Down || r.Components["db"].Details != nil {
			t.Errorf("%v sees %+v", c, r)
		}
	}
	for _, role := range []access.Role{access.Admin, access.SuperAdmin} {
		r := q.CheckHealth(context.Background(), &access.Caller{Login: "a", Roles: []access.Role{role}})
		if r.Components["db"].Details["error"] == "" {
			t.Errorf("%s sees no details: %+v", role, r)
		}
	}
}

// A flood of health calls probes the dependencies once per period, also
// when the calls arrive together.
func TestCheckHealthSharesOneProbePerPeriod(t *testing.T) {
	var probes atomic.Int32
	slow := probeFunc(func(ctx context.Context) error {
		probes.Add(1)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
			return nil
		}
	})
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	memo := &management.HealthMemo{TTL: time.Second, Now: func() time.Time { return now }}
	q := management.Queries{Probes: map[string]management.Probe{"db": slow}, HealthMemo: memo}
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			if r := q.CheckHealth(context.Background(), nil); r.Status != health.Up {
				t.Errorf("status %s", r.Status)
			}
		})
	}
	wg.Wait()
	if n := probes.Load(); n != 1 {
		t.Fatalf("50 calls probed %d times, want 1", n)
	}
	now = now.Add(999 * time.Millisecond)
	q.CheckHealth(context.Background(), nil)
	now = now.Add(2 * time.Millisecond)
	q.CheckHealth(context.Background(), admin)
	if n := probes.Load(); n != 2 {
		t.Fatalf("after the period: %d probes, want 2", n)
	}
	// A caller that hangs up does not spoil the shared answer.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	now = now.Add(2 * time.Second)
	if r := q.CheckHealth(ctx, admin); r.Components["db"].Status != health.Up {
		t.Errorf("cancelled caller's probe = %+v", r)
	}
}

// Readiness asks only the components the process cannot serve without: a
// mail relay or Kratos that is down fails single features and leaves the
// portal ready; the database, Redis or the disk take it out of the load
// balancer. Liveness asks nothing.
func TestReadinessIsTheDatabaseRedisAndTheDiskOnly(t *testing.T) {
	ctx := context.Background()
	up := probeFunc(func(context.Context) error { return nil })
	down := probeFunc(func(context.Context) error { return errors.New("refused") })
	ready := []string{"db", "redis", "disk"}
	q := management.Queries{
		Probes:       map[string]management.Probe{"db": up, "redis": up, "disk": up, "mail": down, "kratos": down},
		Ready:        ready,
		ProbeTimeout: 20 * time.Millisecond,
	}
	if q.CheckHealth(ctx, admin).Status != health.Down || q.CheckReadiness(ctx) != health.Up {
		t.Fatalf("with mail and Kratos down: health %s, readiness %s", q.CheckHealth(ctx, admin).Status, q.CheckReadiness(ctx))
	}
	for _, failing := range ready {
		probes := map[string]management.Probe{"db": up, "redis": up, "disk": up}
		probes[failing] = down
		q := management.Queries{Probes: probes, Ready: ready}
		if got := q.CheckReadiness(ctx); got != health.Down {
			t.Errorf("%s down: readiness %s", failing, got)
		}
		if got := q.CheckLiveness(ctx); got != health.Up {
			t.Errorf("%s down: liveness %s", failing, got)
		}
	}
	unwired := management.Queries{Probes: map[string]management.Probe{"db": up}, Ready: []string{"db", "redis"}}
	if got := unwired.CheckReadiness(ctx); got != health.Down {
		t.Errorf("a readiness component without a probe: %s", got)
	}
}
