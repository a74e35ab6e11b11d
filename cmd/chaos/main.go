// Command chaos drives a portal through faults and prints what happened
// (issue 16, "Faults"). `make chaos` (dev/chaos.sh) starts a stack of its
// own on moved ports, and this driver starts the carrier simulator, the
// portal with PORTAL_WORKER=false and a separate `portal worker`, then:
//
//  1. batch: uploads a batch of CHAOS_ROWS rows and sends it while the
//     carrier simulator faults and times out a share of its calls, the
//     worker is killed (SIGKILL) CHAOS_KILLS times at random points and
//     Redis is restarted once. It asserts that the batch settles SENT,
//     every shipment is DONE with exactly one live label at the carrier
//     (the simulator's counts per client reference) and that the carrier
//     made no label the portal does not hold.
//  2. outages: stops PostgreSQL, Redis, Kratos, Mailpit (SMTP) and the
//     carrier in turn. management/health must turn DOWN (503) naming the
//     component, a call that needs it must answer 503 with a message key
//     (not hang), and within CHAOS_RECOVER (10 s) of its return the health
//     is UP and the call works again, with no restart of the portal. While
//     SMTP is away a newsletter subscription and a parcel inquiry must
//     succeed (their mails wait in the queue); once it is back each mail
//     must arrive in Mailpit within CHAOS_MAIL_WITHIN (30 s), and at the
//     end of the run exactly once.
//  3. a read-only database: the portal's database is made read-only
//     (default_transaction_read_only, its sessions ended so that the pools
//     reconnect), as in upkeep or after a fail-over to a standby. Writes
//     (an address book entry, a batch upload) must answer 503 with a
//     message key, caused by SQLSTATE 25006 (the portal's log says so),
//     while reads work; once it takes writes again, a write must work
//     within CHAOS_RECOVER and every row committed before must still be
//     there (the row counts).
//  4. a full disk: the address book's table moves to a tablespace on a
//     1 MB tmpfs, which a file then fills. Writes go on until the table
//     needs a new page; that write must answer 503 with a message key
//     (SQLSTATE 53100 disk_full in the portal's log), reads work, and once
//     the file is gone a write works within CHAOS_RECOVER, with every row
//     stored before still there. Needs the right to mount; skipped (with a
//     note) where it is missing.
//
// Figures (time to settle, time to DOWN, time to recover) are printed; any
// broken promise makes the exit status 1.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"connectrpc.com/connect"
	"github.com/jackc/pgx/v5"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/cmd/internal/demosignin"
	"parcelportal/core/batchcsv/batchcsvtest"
)

func main() {
	d, err := newDriver()
	if err == nil {
		err = d.run(context.Background())
	}
	if d != nil {
		d.stopAll()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "chaos: FAIL:", err)
		os.Exit(1)
	}
	fmt.Println("chaos: ok")
}

// driver holds the processes it started and the clients it calls with.
type driver struct {
	rows, kills, latencyMS int
	faultRate, timeoutRate float64
	settleTimeout, recover time.Duration
	outages                []string
	state, logs            string
	portalURL, carrierURL  string
	databaseURL            string

	mailpitURL string
	mailWithin time.Duration

	portal, worker, carrier *proc
	http                    *http.Client
	accounts                portalv1connect.AccountServiceClient
	userData                portalv1connect.UserDataServiceClient
	batches                 portalv1connect.BatchServiceClient
	customers               portalv1connect.CustomerServiceClient
	inquiries               portalv1connect.InquiryServiceClient
	addressBook             portalv1connect.AddressBookServiceClient
	failures                []string
	// mailed are the addresses that must have exactly one mail at the end.
	mailed []string
}

func newDriver() (*driver, error) {
	state := os.Getenv("PORTAL_STATE")
	port := env("CHAOS_PORT", "31080")
	carrierAddr := env("CARRIER_SIM_ADDR", "127.0.0.1:31091")
	if state == "" {
		return nil, errors.New("PORTAL_STATE names the chaos stack's state folder (dev/chaos.sh sets it)")
	}
	h := &http.Client{Timeout: 30 * time.Second}
	url := "http://127.0.0.1:" + port
	d := &driver{
		rows: envInt("CHAOS_ROWS", 200), kills: envInt("CHAOS_KILLS", 3), latencyMS: envInt("CHAOS_LATENCY_MS", 150),
		faultRate: envFloat("CHAOS_FAULT_RATE", 0.05), timeoutRate: envFloat("CHAOS_TIMEOUT_RATE", 0.05),
		settleTimeout: envDuration("CHAOS_SETTLE_TIMEOUT", 10*time.Minute), recover: envDuration("CHAOS_RECOVER", 10*time.Second),
		outages: strings.Fields(env("CHAOS_OUTAGES", "db redis kratos mail carrier")),
		state:   state, logs: filepath.Join(state, "logs"),
		portalURL: url, carrierURL: "http://" + carrierAddr, databaseURL: os.Getenv("DATABASE_URL"),
		mailpitURL: os.Getenv("MAILPIT_URL"), mailWithin: envDuration("CHAOS_MAIL_WITHIN", 30*time.Second),
		http:     h,
		accounts: portalv1connect.NewAccountServiceClient(h, url),
		userData: portalv1connect.NewUserDataServiceClient(h, url),
		batches:  portalv1connect.NewBatchServiceClient(h, url),

		customers:   portalv1connect.NewCustomerServiceClient(h, url),
		inquiries:   portalv1connect.NewInquiryServiceClient(h, url),
		addressBook: portalv1connect.NewAddressBookServiceClient(h, url),
	}
	portalBin := env("CHAOS_PORTAL_BIN", "bin/portal")
	base := []string{"PORT=" + port, "CARRIER_URL=" + d.carrierURL, "LOG_LEVEL=" + env("LOG_LEVEL", "WARN"),
		"BATCH_QUEUE=chaos", "CARRIER_CALL_TIMEOUT=" + env("CHAOS_CALL_TIMEOUT", "2s")}
	d.carrier = &proc{name: "carriersim", path: env("CHAOS_CARRIERSIM_BIN", "bin/carriersim"), env: []string{"CARRIER_SIM_ADDR=" + carrierAddr}}
	d.portal = &proc{name: "portal", path: portalBin, env: append([]string{"PORTAL_WORKER=false"}, base...)}
	d.worker = &proc{name: "worker", path: portalBin, args: []string{"worker"}, env: base}
	return d, nil
}

func (d *driver) run(ctx context.Context) error {
	for _, p := range []*proc{d.carrier, d.portal, d.worker} {
		if err := p.start(d.logs); err != nil {
			return err
		}
	}
	if err := d.waitHealthy(ctx, 60*time.Second); err != nil {
		return err
	}
	user, err := d.signIn(ctx, env("CHAOS_LOGIN", "user"))
	if err != nil {
		return fmt.Errorf("sign in: %w", err)
	}
	admin, err := d.signIn(ctx, env("CHAOS_ADMIN", "superadmin"))
	if err != nil {
		return fmt.Errorf("sign in as admin: %w", err)
	}
	mine, err := d.userData.GetMyUserData(ctx, bearing(&portalv1.GetMyUserDataRequest{}, user))
	if err != nil {
		return err
	}
	customer := mine.Msg.GetUserData().GetCustomer().GetId()
	if env("CHAOS_SKIP_BATCH", "") == "" {
		if err := d.batchUnderFire(ctx, user, customer); err != nil {
			return err
		}
	}
	if err := d.outagesInTurn(ctx, user, admin, customer); err != nil {
		return err
	}
	if env("CHAOS_SKIP_READONLY", "") == "" {
		if err := d.readOnlyDatabase(ctx, user, customer); err != nil {
			return err
		}
	}
	if env("CHAOS_SKIP_DISKFULL", "") == "" {
		if err := d.diskFull(ctx, user, customer); err != nil {
			return err
		}
	}
	d.mailedOnce()
	if !d.portal.alive() {
		d.fail("the portal process died during the run")
	}
	if len(d.failures) > 0 {
		return fmt.Errorf("%d broken promises:\n  %s", len(d.failures), strings.Join(d.failures, "\n  "))
	}
	return nil
}

func (d *driver) fail(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	fmt.Println("  FAIL:", msg)
	d.failures = append(d.failures, msg)
}

// ---------------------------------------------------------------------------
// 1. A batch sent while the worker is killed, the carrier faults and Redis restarts.

func (d *driver) batchUnderFire(ctx context.Context, user string, customer int64) error {
	fmt.Printf("== 1. a %d-row batch sent under fire: %d worker kills, carrier faults %.0f%% and time-outs %.0f%%, Redis restarted once\n",
		d.rows, d.kills, 100*d.faultRate, 100*d.timeoutRate)
	if err := d.carrierControl(map[string]any{"reset": true, "faultRate": d.faultRate, "timeoutRate": d.timeoutRate, "hangMs": 5000, "latencyMs": d.latencyMS}); err != nil {
		return err
	}
	created, err := d.batches.CreateBatch(ctx, bearing(&portalv1.CreateBatchRequest{
		Csv: batchcsvtest.Generate(d.rows), CsvFileName: "chaos.csv", Customer: &portalv1.BatchRef{Id: customer},
	}, user))
	if err != nil {
		return fmt.Errorf("upload: %w", err)
	}
	id := created.Msg.GetBatch().GetId()
	started := time.Now()
	if _, err := d.batches.SendBatch(ctx, bearing(&portalv1.SendBatchRequest{Id: id, LabelType: portalv1.LabelType_PDF}, user)); err != nil {
		return fmt.Errorf("send: %w", err)
	}
	fmt.Printf("  batch %d uploaded and sent\n", id)

	settled := make(chan string, 1)
	go func() { settled <- d.pollUntilSettled(ctx, user, id) }()
	status := ""
	redisAt, killed, redisRestarted := d.kills/2, 0, false
	for i := 0; i < d.kills && status == ""; i++ {
		// Each kill waits for its share of the rows, not for a time: a faster
		// machine (CI's) settled the batch before random delays ran out.
		if status = d.awaitProgress(ctx, id, (i+1)*d.rows/(d.kills+1), settled); status != "" {
			continue
		}
		killed++
		done, _ := d.processed(ctx, id)
		d.worker.kill()
		fmt.Printf("  %6.1fs  worker killed (SIGKILL) with %d of %d shipments settled\n", time.Since(started).Seconds(), done, d.rows)
		if i == redisAt {
			if err := d.restartRedis(); err != nil {
				return err
			}
			redisRestarted = true
			fmt.Printf("  %6.1fs  Redis restarted\n", time.Since(started).Seconds())
		}
		time.Sleep(500 * time.Millisecond)
		if err := d.worker.start(d.logs); err != nil {
			return err
		}
	}
	if status == "" {
		select {
		case status = <-settled:
		case <-time.After(d.settleTimeout):
			status = "(not settled)"
		}
	}
	took := time.Since(started)
	if killed < d.kills || !redisRestarted {
		d.fail("the batch settled after %d of %d worker kills (Redis restarted: %v): give it more rows (CHAOS_ROWS) or latency (CHAOS_LATENCY_MS)",
			killed, d.kills, redisRestarted)
	}
	if err := d.carrierControl(map[string]any{"faultRate": 0, "timeoutRate": 0, "latencyMs": 0}); err != nil {
		return err
	}
	fmt.Printf("  batch %d settled %s after %.1fs\n", id, status, took.Seconds())
	if status != "SENT" {
		d.fail("batch %d settled %s, want SENT", id, status)
	}
	return d.checkLabels(ctx, id)
}

func (d *driver) pollUntilSettled(ctx context.Context, user string, id int64) string {
	deadline := time.Now().Add(d.settleTimeout)
	for time.Now().Before(deadline) {
		time.Sleep(time.Second)
		rsp, err := d.batches.GetBatch(ctx, bearing(&portalv1.GetBatchRequest{Id: id}, user))
		if err != nil {
			continue // Redis or the worker away is no reason for the read to fail, but a blip is allowed
		}
		switch s := rsp.Msg.GetBatch().GetStatus(); s {
		case portalv1.Batch_SENDING, portalv1.Batch_RESENDING, portalv1.Batch_RESENDING_CHANGE, portalv1.Batch_RESENDING_ERROR:
		default:
			return s.String()
		}
	}
	return "(not settled)"
}

// awaitProgress waits until at least n of the batch's shipments reached an end
// state and answers "", or answers the batch's status if it settled first.
func (d *driver) awaitProgress(ctx context.Context, id int64, n int, settled <-chan string) string {
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case status := <-settled:
			return status
		case <-tick.C:
			if done, err := d.processed(ctx, id); err == nil && done >= n {
				return ""
			}
		}
	}
}

// processed counts the batch's shipments that reached an end state.
func (d *driver) processed(ctx context.Context, id int64) (int, error) {
	conn, err := pgx.Connect(ctx, d.databaseURL)
	if err != nil {
		return 0, err
	}
	defer conn.Close(ctx)
	var n int
	err = conn.QueryRow(ctx, `SELECT count(*) FROM shipment WHERE batch_id = $1 AND state IN ('DONE','FAILED')`, id).Scan(&n)
	return n, err
}

// checkLabels compares the batch's shipments with the carrier's counts.
func (d *driver) checkLabels(ctx context.Context, id int64) error {
	conn, err := pgx.Connect(ctx, d.databaseURL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	rows, err := conn.Query(ctx, `SELECT reference, state, identifier FROM shipment WHERE batch_id = $1`, id)
	if err != nil {
		return err
	}
	states := map[string]int{}
	refs := map[string]bool{}
	for rows.Next() {
		var ref, state, identifier string
		if err := rows.Scan(&ref, &state, &identifier); err != nil {
			return err
		}
		states[state]++
		if state == "DONE" {
			refs[ref] = identifier != ""
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	var stats struct {
		Issued map[string]int `json:"issued"`
	}
	var totals map[string]any
	body, err := d.getJSON(d.carrierURL+"/stats", &stats)
	if err != nil {
		return err
	}
	_ = json.Unmarshal(body, &totals)
	fmt.Printf("  shipments by state: %v\n", states)
	fmt.Printf("  carrier: labels %v, references %v, duplicates %v, finds %v, cancels %v, unavailable %v, time-outs %v\n",
		totals["labels"], totals["references"], totals["duplicates"], totals["finds"], totals["cancels"], totals["unavailable"], totals["timeouts"])
	if states["DONE"] != d.rows {
		d.fail("%d of %d shipments DONE: %v", states["DONE"], d.rows, states)
	}
	twice, missing, unknown := 0, 0, 0
	for ref, hasIdentifier := range refs {
		switch n := stats.Issued[ref]; {
		case n == 0 || !hasIdentifier:
			missing++
		case n > 1:
			twice++
		}
	}
	for ref := range stats.Issued {
		if _, ok := refs[ref]; !ok {
			unknown++
		}
	}
	fmt.Printf("  one label each: %d references labelled twice, %d DONE without a carrier label, %d carrier labels the portal does not hold\n",
		twice, missing, unknown)
	if twice > 0 || missing > 0 || unknown > 0 {
		d.fail("labels: %d twice, %d missing, %d unknown to the portal", twice, missing, unknown)
	}
	if c, _ := totals["cancels"].(float64); c > 0 {
		d.fail("the carrier cancelled %v labels during a plain send", c)
	}
	return nil
}

// ---------------------------------------------------------------------------
// 2. Each dependency stopped in turn.

// outage is one dependency: how to stop it and bring it back, and a call
// that needs it (nil: the health report alone shows it). whileDown, when
// set, is a call that must succeed while the dependency is away (it queues
// its work), made once, then the outage lasts hold longer; afterBack checks,
// once the portal works again, that the queued work got done.
type outage struct {
	name, component string
	stop, start     func() error
	call            func(ctx context.Context) error
	whileDown       func(ctx context.Context) error
	hold            time.Duration
	afterBack       func(ctx context.Context, back time.Time)
}

func (d *driver) outagesInTurn(ctx context.Context, user, admin string, customer int64) error {
	fmt.Println("== 2. dependencies stopped in turn")
	// A small batch to send while Redis is away.
	small, err := d.batches.CreateBatch(ctx, bearing(&portalv1.CreateBatchRequest{
		Csv: batchcsvtest.Generate(2), CsvFileName: "chaos-small.csv", Customer: &portalv1.BatchRef{Id: customer},
	}, user))
	if err != nil {
		return fmt.Errorf("upload the small batch: %w", err)
	}
	smallID := small.Msg.GetBatch().GetId()
	listBatches := func(ctx context.Context) error {
		_, err := d.batches.ListBatches(ctx, bearing(&portalv1.ListBatchesRequest{CustomerId: customer, PageSize: 10}, user))
		return err
	}
	all := map[string]outage{
		"db": {name: "PostgreSQL", component: "db", stop: d.stopPostgres, start: d.stackUp, call: listBatches},
		"redis": {name: "Redis", component: "redis", stop: func() error { return d.stopPidFile("run/redis.pid", syscall.SIGTERM) }, start: d.stackUp,
			call: func(ctx context.Context) error {
				_, err := d.batches.SendBatch(ctx, bearing(&portalv1.SendBatchRequest{Id: smallID, LabelType: portalv1.LabelType_PDF}, user))
				return err
			}},
		"kratos": {name: "Kratos", component: "kratos", stop: func() error { return d.stopPidFile("run/kratos.pid", syscall.SIGTERM) }, start: d.stackUp,
			call: func(ctx context.Context) error {
				_, err := d.accounts.Authenticate(ctx, connect.NewRequest(&portalv1.AuthenticateRequest{Username: "user", Password: "portal-demo"}))
				return err
			}},
		"mail": {name: "Mailpit (SMTP)", component: "mail", stop: func() error { return d.stopPidFile("run/mailpit.pid", syscall.SIGTERM) }, start: d.stackUp,
			// A subscription and an inquiry queue their mails: both succeed, and the
			// worker's tries fail until SMTP is back.
			whileDown: func(ctx context.Context) error { return d.mailWhileDown(ctx, user) }, hold: 3 * time.Second,
			afterBack: d.mailArrives},
		"carrier": {name: "carrier", component: "carrier", stop: func() error { d.carrier.stop(); return nil }, start: func() error { return d.carrier.start(d.logs) },
			// The customer form's check of a carrier login asks the carrier while the admin waits.
			call: func(ctx context.Context) error {
				_, err := d.customers.CheckApiCredentials(ctx, bearing(&portalv1.CheckApiCredentialsRequest{
					Type: "api", Username: "demo", Password: "portal-demo"}, admin))
				return err
			}},
	}
	fmt.Printf("  %-15s %-12s %-12s %-46s %-12s %s\n", "dependency", "to DOWN", "call took", "call answered", "to recover", "named")
	for _, name := range d.outages {
		o, ok := all[name]
		if !ok {
			return fmt.Errorf("CHAOS_OUTAGES: unknown dependency %q (db redis kratos mail carrier)", name)
		}
		if err := d.waitHealthy(ctx, 60*time.Second); err != nil {
			return fmt.Errorf("before stopping %s: %w", o.name, err)
		}
		if err := d.oneOutage(ctx, o, admin); err != nil {
			return err
		}
	}
	return nil
}

func (d *driver) oneOutage(ctx context.Context, o outage, admin string) error {
	if err := o.stop(); err != nil {
		return fmt.Errorf("stop %s: %w", o.name, err)
	}
	stopped := time.Now()
	toDown, named := time.Duration(-1), false
	for time.Since(stopped) < 30*time.Second {
		code, h := d.health(admin)
		if code == http.StatusServiceUnavailable && h.Status == "DOWN" {
			toDown = time.Since(stopped)
			named = h.Components[o.component].Status == "DOWN"
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	answer, callTook := "(no call)", time.Duration(0)
	mailFailures := d.worker.count("mail job failed")
	if o.whileDown != nil {
		var err error
		callTook, err = timed(ctx, o.whileDown)
		answer = describe(err)
		if err != nil {
			d.fail("%s away: the call answered %s, want it to succeed and its work to wait", o.name, answer)
		}
		if callTook > d.recover {
			d.fail("%s away: the call took %s", o.name, callTook.Round(time.Millisecond))
		}
		time.Sleep(o.hold)
	} else if o.call != nil {
		var err error
		callTook, err = timed(ctx, o.call)
		answer = describe(err)
		if code := connect.CodeOf(err); err == nil || code != connect.CodeUnavailable {
			d.fail("%s away: the call answered %s, want unavailable (503) with a key", o.name, answer)
		}
		if callTook > d.recover {
			d.fail("%s away: the call took %s", o.name, callTook.Round(time.Millisecond))
		}
	}
	if toDown < 0 || toDown > d.recover {
		d.fail("%s away: health not DOWN within %s (took %s)", o.name, d.recover, toDown)
	}
	if !named {
		_, h := d.health(admin)
		d.fail("%s away: health does not name %q DOWN: %+v", o.name, o.component, h)
	}
	if err := o.start(); err != nil {
		return fmt.Errorf("start %s again: %w", o.name, err)
	}
	back := time.Now()
	recovered := time.Duration(-1)
	for time.Since(back) < 60*time.Second {
		code, _ := d.health(admin)
		ok := code == http.StatusOK
		if ok && o.call != nil {
			callCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
			ok = o.call(callCtx) == nil
			cancel()
		}
		if ok {
			recovered = time.Since(back)
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if recovered < 0 || recovered > d.recover {
		d.fail("%s back: the portal did not work again within %s (took %s)", o.name, d.recover, recovered)
	}
	if !d.worker.alive() {
		fmt.Printf("  note: the worker process ended while %s was away; started again\n", o.name)
		if err := d.worker.start(d.logs); err != nil {
			return err
		}
	}
	fmt.Printf("  %-15s %-12s %-12s %-46s %-12s %v\n", o.name, seconds(toDown), seconds(callTook), answer, seconds(recovered), named)
	if o.afterBack != nil {
		fmt.Printf("  %-15s the worker's mail jobs failed %d times while it was away\n", "", d.worker.count("mail job failed")-mailFailures)
		o.afterBack(ctx, back)
	}
	return nil
}

func seconds(d time.Duration) string {
	if d < 0 {
		return "never"
	}
	return fmt.Sprintf("%.2fs", d.Seconds())
}

// describe is a call's answer: its code and message key.
func describe(err error) string {
	if err == nil {
		return "ok"
	}
	var ce *connect.Error
	if errors.As(err, &ce) {
		return fmt.Sprintf("%s %s", ce.Code(), ce.Message())
	}
	return err.Error()
}

type healthReport struct {
	Status     string `json:"status"`
	Components map[string]struct {
		Status string `json:"status"`
	} `json:"components"`
}

// health reads management/health as an admin, who sees the components.
func (d *driver) health(bearer string) (int, healthReport) {
	var h healthReport
	req, _ := http.NewRequest(http.MethodGet, d.portalURL+"/management/health", nil)
	req.Header.Set("Authorization", "Bearer "+bearer)
	c := &http.Client{Timeout: 15 * time.Second}
	rsp, err := c.Do(req)
	if err != nil {
		return 0, h
	}
	defer rsp.Body.Close()
	body, _ := io.ReadAll(rsp.Body)
	_ = json.Unmarshal(body, &h)
	return rsp.StatusCode, h
}

func (d *driver) waitHealthy(ctx context.Context, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if code, _ := d.health(""); code == http.StatusOK {
			return nil
		}
		if !d.portal.alive() {
			return fmt.Errorf("the portal ended; see %s", d.portal.logPath)
		}
		time.Sleep(250 * time.Millisecond)
	}
	return fmt.Errorf("the portal was not healthy within %s", limit)
}

// ---------------------------------------------------------------------------
// The stack's services: stopped by their pid files, started by dev/stack.sh.

func (d *driver) stopPostgres() error {
	root := filepath.Join(d.state, "postgres")
	if b, err := os.ReadFile(filepath.Join(d.state, "postgres.path")); err == nil {
		root = strings.TrimSpace(string(b))
	}
	// SIGINT: PostgreSQL's fast shutdown, which ends the sessions at once.
	return d.stopPid(filepath.Join(root, "data", "postmaster.pid"), syscall.SIGINT)
}

func (d *driver) stopPidFile(rel string, sig syscall.Signal) error {
	return d.stopPid(filepath.Join(d.state, rel), sig)
}

// stopPid signals the process a pid file names and waits until it is gone.
func (d *driver) stopPid(file string, sig syscall.Signal) error {
	b, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	pid, err := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0]))
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	if err := syscall.Kill(pid, sig); err != nil {
		return err
	}
	for range 300 {
		if syscall.Kill(pid, 0) != nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("pid %d did not stop within 30 s", pid)
}

func (d *driver) restartRedis() error {
	if err := d.stopPidFile("run/redis.pid", syscall.SIGTERM); err != nil {
		return err
	}
	return d.stackUp()
}

// stackUp starts whatever of the chaos stack is not running (the
// environment names its state and ports) and waits until it answers.
func (d *driver) stackUp() error {
	cmd := exec.Command("dev/stack.sh", "up")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("dev/stack.sh up: %w\n%s", err, out.String())
	}
	return nil
}

// ---------------------------------------------------------------------------
// Clients.

func (d *driver) signIn(ctx context.Context, login string) (string, error) {
	return demosignin.SignIn(ctx, d.accounts, login, env("CHAOS_PASSWORD", "portal-demo"))
}

// bearing is a Connect request that carries the bearer.
func bearing[T any](msg *T, bearer string) *connect.Request[T] {
	return demosignin.Bearing(msg, bearer)
}

func (d *driver) carrierControl(body map[string]any) error {
	b, _ := json.Marshal(body)
	rsp, err := d.http.Post(d.carrierURL+"/control", "application/json", bytes.NewReader(b))
	if err != nil {
		return err
	}
	defer rsp.Body.Close()
	if rsp.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(rsp.Body)
		return fmt.Errorf("carrier /control: %s %s", rsp.Status, msg)
	}
	return nil
}

func (d *driver) getJSON(url string, v any) ([]byte, error) {
	rsp, err := d.http.Get(url)
	if err != nil {
		return nil, err
	}
	defer rsp.Body.Close()
	body, err := io.ReadAll(rsp.Body)
	if err != nil {
		return nil, err
	}
	return body, json.Unmarshal(body, v)
}

// ---------------------------------------------------------------------------
// Processes the driver starts.

type proc struct {
	name, path, logPath string
	args, env           []string
	cmd                 *exec.Cmd
	exited              chan struct{}
}

func (p *proc) start(logs string) error {
	p.logPath = filepath.Join(logs, "chaos-"+p.name+".log")
	log, err := os.OpenFile(p.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	p.cmd = exec.Command(p.path, p.args...)
	p.cmd.Env = append(os.Environ(), p.env...)
	p.cmd.Stdout, p.cmd.Stderr = log, log
	if err := p.cmd.Start(); err != nil {
		log.Close()
		return fmt.Errorf("start %s: %w", p.name, err)
	}
	p.exited = make(chan struct{})
	go func(cmd *exec.Cmd, exited chan struct{}) {
		_ = cmd.Wait()
		log.Close()
		close(exited)
	}(p.cmd, p.exited)
	if p.name == "carriersim" {
		for range 100 {
			if rsp, err := http.Get("http://" + strings.TrimPrefix(envOf(p.env, "CARRIER_SIM_ADDR"), "http://") + "/health"); err == nil {
				rsp.Body.Close()
				return nil
			}
			time.Sleep(100 * time.Millisecond)
		}
		return errors.New("the carrier simulator did not answer")
	}
	return nil
}

func (p *proc) alive() bool {
	if p.exited == nil {
		return false
	}
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}

// kill ends the process at once, as a crash would.
func (p *proc) kill() { p.signal(syscall.SIGKILL) }

// stop asks the process to end and waits.
func (p *proc) stop() { p.signal(syscall.SIGTERM) }

func (p *proc) signal(sig syscall.Signal) {
	if !p.alive() {
		return
	}
	_ = p.cmd.Process.Signal(sig)
	select {
	case <-p.exited:
	case <-time.After(30 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.exited
	}
}

func (d *driver) stopAll() {
	for _, p := range []*proc{d.worker, d.portal, d.carrier} {
		if p != nil {
			p.stop()
		}
	}
}

func envOf(vars []string, name string) string {
	for _, v := range vars {
		if k, val, ok := strings.Cut(v, "="); ok && k == name {
			return val
		}
	}
	return ""
}

func env(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

func envInt(name string, fallback int) int {
	n, err := strconv.Atoi(env(name, strconv.Itoa(fallback)))
	if err != nil || n < 0 {
		return fallback
	}
	return n
}

func envFloat(name string, fallback float64) float64 {
	f, err := strconv.ParseFloat(env(name, ""), 64)
	if err != nil || f < 0 || f > 1 {
		return fallback
	}
	return f
}

func envDuration(name string, fallback time.Duration) time.Duration {
	v, err := time.ParseDuration(env(name, ""))
	if err != nil || v <= 0 {
		return fallback
	}
	return v
}

// count is how many lines of the process's log hold text.
func (p *proc) count(text string) int {
	b, err := os.ReadFile(p.logPath)
	if err != nil {
		return 0
	}
	return bytes.Count(b, []byte(text))
}
