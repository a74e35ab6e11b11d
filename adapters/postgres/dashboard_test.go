package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/postgres"
	"parcelportal/adapters/postgres/postgrestest"
	"parcelportal/app/dashboards/storetest"
)

// sqlShipments writes shipments as the batch jobs and parcel calls do, so
// that the triggers of migration 00025 keep the counts.
type sqlShipments struct {
	t    testing.TB
	pool *pgxpool.Pool
}

func (s sqlShipments) Ship(customerID int64, country string, at time.Time, state string) int64 {
	return postgrestest.PutShipment(s.t, s.pool, postgrestest.Shipment{Customer: customerID, Destination: country, At: at,
		State: state, Success: state == "DONE", BatchStatus: map[bool]string{true: "SENT"}[at.Day()%2 == 0]})
}

func (s sqlShipments) SetState(id int64, state string) {
	if _, err := s.pool.Exec(context.Background(), `UPDATE shipment SET state = $2 WHERE id = $1`, id, state); err != nil {
		s.t.Fatal(err)
	}
}

func (s sqlShipments) Delete(id int64) {
	if _, err := s.pool.Exec(context.Background(), `DELETE FROM shipment WHERE id = $1`, id); err != nil {
		s.t.Fatal(err)
	}
}

func TestDashboardCountsContract(t *testing.T) {
	t.Parallel()
	pool := postgrestest.NewPool(t)
	storetest.Contract(t, postgres.DashboardCounts{Pool: pool}, sqlShipments{t, pool}, demoCustomers(t, pool))
}

// Deleting a batch with its shipments takes their counts away.
func TestDashboardCountsFollowBatchDelete(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := postgrestest.NewPool(t)
	c := demoCustomers(t, pool)[0]
	id := postgrestest.PutShipment(t, pool, postgrestest.Shipment{Customer: c, Destination: "SE", BatchStatus: "SENT"})
	store := postgres.DashboardCounts{Pool: pool}
	if got, err := store.PerCountry(ctx, c); err != nil || len(got) != 1 || got[0].Country != "SE" || got[0].Count != 1 {
		t.Fatalf("PerCountry = %v, %v", got, err)
	}
	var batch int64
	if err := pool.QueryRow(ctx, `SELECT batch_id FROM shipment WHERE id = $1`, id).Scan(&batch); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`DELETE FROM shipment WHERE batch_id = $1`, `DELETE FROM validated_shipment WHERE batch_id = $1`, `DELETE FROM batch WHERE id = $1`} {
		if _, err := pool.Exec(ctx, q, batch); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := store.PerCountry(ctx, c); err != nil || len(got) != 0 {
		t.Fatalf("PerCountry after the batch's delete = %v, %v", got, err)
	}
}
