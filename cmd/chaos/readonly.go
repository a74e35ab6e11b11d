package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/core/batchcsv/batchcsvtest"
)

// countedTables are the rows that must outlive a read-only spell.
var countedTables = []string{"batch", "shipment", "address_book_entry", "newsletter_subscription", "parcel_inquiry", "audit_event"}

// readOnlyDatabase makes the portal's database read-only, as upkeep or a
// fail-over to a standby would, and checks that writes answer 503 with a
// key (SQLSTATE 25006 in the portal's log), reads work, and once it takes
// writes again a write works within recover and nothing committed before
// is lost.
func (d *driver) readOnlyDatabase(ctx context.Context, user string, customer int64) error {
	fmt.Println("== 3. a read-only database")
	// This session starts read-write and stays so: it switches the database
	// back whatever happens to the run.
	admin, err := pgx.Connect(ctx, d.databaseURL)
	if err != nil {
		return err
	}
	defer admin.Close(context.Background())
	var database string
	if err := admin.QueryRow(ctx, "SELECT current_database()").Scan(&database); err != nil {
		return err
	}
	setReadOnly := func(on bool) (int, error) {
		stmt := "ALTER DATABASE " + pgx.Identifier{database}.Sanitize() + " RESET default_transaction_read_only"
		if on {
			stmt = "ALTER DATABASE " + pgx.Identifier{database}.Sanitize() + " SET default_transaction_read_only = on"
		}
		if _, err := admin.Exec(ctx, stmt); err != nil {
			return 0, err
		}
		// A session keeps the setting it started with: end the others, so
		// that the portal's and the worker's pools reconnect under the new one.
		var ended int
		err := admin.QueryRow(ctx, `SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
			WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend') t`).Scan(&ended)
		return ended, err
	}
	readOnly := false
	defer func() {
		if !readOnly {
			return
		}
		if _, err := setReadOnly(false); err != nil {
			fmt.Fprintln(os.Stderr, "chaos: could not make the database writable again:", err)
		}
	}()

	stamp := strconv.FormatInt(time.Now().UnixNano(), 36)
	entry := func(name string) *connect.Request[portalv1.CreateAddressBookEntryRequest] {
		return bearing(&portalv1.CreateAddressBookEntryRequest{CustomerId: customer, Entry: &portalv1.AddressBookEntry{
			Name: "Chaos " + name + " " + stamp, Street: "Main Street", No: "1", Postalcode: "10115", City: "Berlin", IsoCountry: "DE",
		}}, user)
	}
	before, err := d.addressBook.CreateAddressBookEntry(ctx, entry("before"))
	if err != nil {
		return fmt.Errorf("an address book entry before: %w", err)
	}
	counted, err := countRows(ctx, admin)
	if err != nil {
		return err
	}

	readOnly = true
	ended, err := setReadOnly(true)
	if err != nil {
		return fmt.Errorf("make the database read-only: %w", err)
	}
	fmt.Printf("  database %s read-only (default_transaction_read_only = on), %d sessions ended\n", database, ended)
	// pgx's pool checks a connection idle for over a second before it lends
	// it: the ended ones are replaced, not lent.
	time.Sleep(1500 * time.Millisecond)
	logMark := d.portal.size()

	writes := []struct {
		name string
		call func(ctx context.Context) error
	}{
		{"address book entry", func(ctx context.Context) error {
			_, err := d.addressBook.CreateAddressBookEntry(ctx, entry("while read-only"))
			return err
		}},
		{"batch upload", func(ctx context.Context) error {
			_, err := d.batches.CreateBatch(ctx, bearing(&portalv1.CreateBatchRequest{
				Csv: batchcsvtest.Generate(2), CsvFileName: "chaos-read-only.csv", Customer: &portalv1.BatchRef{Id: customer}}, user))
			return err
		}},
	}
	reads := []struct {
		name string
		call func(ctx context.Context) error
	}{
		{"address book list", func(ctx context.Context) error {
			_, err := d.addressBook.ListAddressBookEntries(ctx, bearing(&portalv1.ListAddressBookEntriesRequest{CustomerId: customer, PageSize: 10}, user))
			return err
		}},
		{"entry from before", func(ctx context.Context) error {
			_, err := d.addressBook.GetAddressBookEntry(ctx, bearing(&portalv1.GetAddressBookEntryRequest{Id: before.Msg.GetEntry().GetId()}, user))
			return err
		}},
		{"batch list", func(ctx context.Context) error {
			_, err := d.batches.ListBatches(ctx, bearing(&portalv1.ListBatchesRequest{CustomerId: customer, PageSize: 10}, user))
			return err
		}},
	}
	fmt.Printf("  %-22s %-8s %-10s %s\n", "call", "kind", "took", "answered")
	for _, w := range writes {
		took, err := timed(ctx, w.call)
		fmt.Printf("  %-22s %-8s %-10s %s\n", w.name, "write", seconds(took), describe(err))
		if err == nil || connect.CodeOf(err) != connect.CodeUnavailable || !strings.HasPrefix(describe(err), "unavailable error.") {
			d.fail("read-only database: the %s answered %s, want unavailable (503) with a key", w.name, describe(err))
		}
		if took > d.recover {
			d.fail("read-only database: the %s took %s", w.name, took.Round(time.Millisecond))
		}
	}
	for _, r := range reads {
		took, err := timed(ctx, r.call)
		fmt.Printf("  %-22s %-8s %-10s %s\n", r.name, "read", seconds(took), describe(err))
		if err != nil {
			d.fail("read-only database: the %s answered %s, want it to work", r.name, describe(err))
		}
	}
	if code, _ := d.health(""); code != http.StatusOK {
		fmt.Printf("  note: health answered %d while the database was read-only\n", code)
	}
	// A load balancer takes the portal out while its database takes no writes.
	if took, ok := d.readinessBecomes(ctx, http.StatusServiceUnavailable); ok {
		fmt.Printf("  readiness answered 503 (DOWN) %s after the database became read-only\n", seconds(took))
	} else {
		d.fail("read-only database: /management/health/readiness did not answer 503 within %s", d.recover)
	}
	// The 503 must come from the read-only database, not from a session
	// that was ended under the call.
	if seen := d.portal.since(logMark); !strings.Contains(seen, "25006") {
		d.fail("read-only database: the portal's log shows no SQLSTATE 25006 (read_only_sql_transaction) for the refused writes")
	} else {
		fmt.Printf("  the portal logged the refusals as SQLSTATE 25006 (read_only_sql_transaction), %d times\n", strings.Count(seen, "25006"))
	}

	if ended, err = setReadOnly(false); err != nil {
		return fmt.Errorf("make the database writable again: %w", err)
	}
	readOnly = false
	back := time.Now()
	recovered := time.Duration(-1)
	var after *connect.Response[portalv1.CreateAddressBookEntryResponse]
	for time.Since(back) < 60*time.Second {
		callCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
		after, err = d.addressBook.CreateAddressBookEntry(callCtx, entry("after"))
		cancel()
		if err == nil {
			recovered = time.Since(back)
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	fmt.Printf("  writable again (%d sessions ended): a write worked after %s\n", ended, seconds(recovered))
	if took, ok := d.readinessBecomes(ctx, http.StatusOK); ok {
		fmt.Printf("  readiness answered 200 (UP) again %s later\n", seconds(took))
	} else {
		d.fail("database writable again: /management/health/readiness did not answer 200 within %s", d.recover)
	}
	if recovered < 0 || recovered > d.recover {
		d.fail("database writable again: a write did not work within %s (took %s)", d.recover, seconds(recovered))
	}
	now, err := countRows(ctx, admin)
	if err != nil {
		return err
	}
	for _, table := range countedTables {
		want := counted[table]
		if table == "address_book_entry" && after != nil {
			want++
		}
		fmt.Printf("  %-24s %7d rows before, %7d after (want %d)\n", table, counted[table], now[table], want)
		// The audit log may gain rows (sign-ins, the write after); the rest must match.
		if now[table] < counted[table] || (table != "audit_event" && now[table] != want) {
			d.fail("read-only database: %s held %d rows before and %d after, want %d", table, counted[table], now[table], want)
		}
	}
	if !d.worker.alive() {
		fmt.Println("  note: the worker process ended while the database was read-only; started again")
		return d.worker.start(d.logs)
	}
	return nil
}

func timed(ctx context.Context, call func(context.Context) error) (time.Duration, error) {
	callCtx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	t := time.Now()
	err := call(callCtx)
	return time.Since(t), err
}

func countRows(ctx context.Context, conn *pgx.Conn) (map[string]int, error) {
	out := map[string]int{}
	for _, table := range countedTables {
		var n int
		if err := conn.QueryRow(ctx, "SELECT count(*) FROM "+pgx.Identifier{table}.Sanitize()).Scan(&n); err != nil {
			return nil, fmt.Errorf("count %s: %w", table, err)
		}
		out[table] = n
	}
	return out, nil
}

// size is the length of the process's log so far.
func (p *proc) size() int64 {
	st, err := os.Stat(p.logPath)
	if err != nil {
		return 0
	}
	return st.Size()
}

// since is what the process logged after offset.
func (p *proc) since(offset int64) string {
	b, err := os.ReadFile(p.logPath)
	if err != nil || int64(len(b)) < offset {
		return ""
	}
	return string(b[offset:])
}

// readinessBecomes polls /management/health/readiness until it answers want,
// for at most d.recover (the answer is kept for a moment, so it follows
// with a delay); it reports how long that took.
func (d *driver) readinessBecomes(ctx context.Context, want int) (time.Duration, bool) {
	started := time.Now()
	c := &http.Client{Timeout: 5 * time.Second}
	for time.Since(started) <= d.recover {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, d.portalURL+"/management/health/readiness", nil)
		if rsp, err := c.Do(req); err == nil {
			rsp.Body.Close()
			if rsp.StatusCode == want {
				return time.Since(started), true
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return time.Since(started), false
}
