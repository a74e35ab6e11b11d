// Command load drives a running portal (as `make run` starts it, on
// loopback) with its users' journeys for a bounded time and prints, per
// journey, requests per second, latency percentiles and errors, and the
// portal's resident memory. `make load` (dev/load.sh) starts a portal of its
// own and runs it; the figures compare run to run on one machine, never
// across machines (a shared machine gives low figures).
//
// Before the run, the customer gets what the lists show: a sent batch of 20
// rows (the report's rows) and 20 parcels. The run has three phases, each a
// share of LOAD_DURATION:
//  1. reads: LOAD_CONCURRENCY callers (16) read one call at once, with no
//     pause, as fast as the portal answers, a tenth of the run each: the
//     floor (GET management/version, signed: the cheapest call), the
//     account, the batch list, the parcel list and the report search (cmd/load/reads.go);
//  2. crowd: the three lists again, LOAD_CROWD callers (64), a twentieth
//     each, for their p99 under a crowd;
//  3. journeys: LOAD_USERS simulated users, signed in one by one before
//     the phase (the sign-ins are timed too), loop at once: read
//     the batch list, upload a batch of LOAD_ROWS rows, read its grid's
//     first page of 100 rows as the batch page does, edit a cell, send it,
//     poll it until it settles, download its labels, search the report and
//     tracking.
//
// After the table of every call, each read's req/s is printed beside the
// floor's, as a share of it.
//
// Requests go over the generated Connect client (binary protobuf, as the
// webapp sends them) and plain HTTP for the REST reads.
//
// LOAD_URL may name several portals, comma-separated, as behind a load
// balancer (`make scale`): caller and user i go to portal i modulo their
// number, and before the phases the run checks that the portals agree: a
// sign-out on the first holds on the second at once, and a captcha issued
// by the first is accepted by the second, once.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"text/tabwriter"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/cmd/internal/demosignin"
	"parcelportal/core/batchcsv/batchcsvtest"
)

type options struct {
	url         string
	urls        []string
	duration    time.Duration
	users       int
	concurrency int
	crowd       int
	rows        int
	login       string
	password    string
	pids        string
}

func main() {
	var o options
	flag.StringVar(&o.url, "url", env("LOAD_URL", "http://127.0.0.1:8080"), "the portal (LOAD_URL)")
	flag.DurationVar(&o.duration, "duration", envDuration("LOAD_DURATION", 30*time.Second), "the whole run (LOAD_DURATION)")
	flag.IntVar(&o.users, "users", envInt("LOAD_USERS", 20), "simulated users in the journeys phase (LOAD_USERS)")
	flag.IntVar(&o.concurrency, "concurrency", envInt("LOAD_CONCURRENCY", 16), "callers at once in the read phases (LOAD_CONCURRENCY)")
	flag.IntVar(&o.crowd, "crowd", envInt("LOAD_CROWD", 64), "callers at once in the lists' crowd phases (LOAD_CROWD)")
	flag.IntVar(&o.rows, "rows", envInt("LOAD_ROWS", 500), "rows of each uploaded batch (LOAD_ROWS)")
	flag.StringVar(&o.login, "login", env("LOAD_LOGIN", "user"), "a demo login with a customer (LOAD_LOGIN)")
	flag.StringVar(&o.password, "password", env("LOAD_PASSWORD", "portal-demo"), "its password (LOAD_PASSWORD)")
	flag.StringVar(&o.pids, "pid", env("LOAD_PORTAL_PID", ""), "the portals' processes, comma-separated, for their memory (LOAD_PORTAL_PID)")
	flag.Parse()
	o.urls = strings.Split(o.url, ",")

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, o options, out io.Writer) error {
	signingIn := &sync.Mutex{}
	portals := make([]*client, len(o.urls))
	for i, u := range o.urls {
		portals[i] = newClient(o, u, signingIn)
	}
	c := portals[0]
	at := func(i int) *client { return portals[i%len(portals)] }
	var rss []*memory
	for p := range strings.SplitSeq(o.pids, ",") {
		if pid, err := strconv.Atoi(p); err == nil && pid > 0 {
			m := watchMemory(pid)
			defer m.stop()
			rss = append(rss, m)
		}
	}
	if len(portals) > 1 {
		if err := agree(ctx, portals[0], portals[1], out); err != nil {
			return err
		}
	}

	first, err := c.signIn(ctx)
	if err != nil {
		return fmt.Errorf("sign in as %s: %w", o.login, err)
	}
	customer, err := c.customerOf(ctx, first)
	if err != nil {
		return err
	}
	csv := batchcsvtest.Generate(o.rows)
	fmt.Fprintf(out, "load: %s for %s; reads at %d and %d callers, %d users, %d-row batches\n",
		o.url, o.duration, o.concurrency, o.crowd, o.users, o.rows)
	if err := c.listsToRead(ctx, first, customer); err != nil {
		return err
	}

	rec := newRecorder()
	phase := func(d time.Duration, n int, work func(ctx context.Context, i int)) time.Duration {
		pctx, cancel := context.WithTimeout(ctx, d)
		defer cancel()
		start := time.Now()
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				for pctx.Err() == nil {
					work(pctx, i)
				}
			})
		}
		wg.Wait()
		return time.Since(start)
	}
	took := map[string]time.Duration{}
	// The reads: each call alone for a tenth of the run, o.concurrency
	// callers with no pause, the floor (the cheapest signed call) first so
	// that every list reads as a share of it; then the three lists again for
	// a twentieth each with o.crowd callers, for their p99 under a crowd.
	reads := readsOf(customer)
	// A warm-up, not counted: the callers' connections are opened and
	// the portal's first-call costs paid before the floor is measured.
	phase(o.duration/40, o.concurrency, func(ctx context.Context, i int) { _ = at(i).get(ctx, first, reads[0].path) })
	for _, r := range reads {
		took[r.name] = phase(o.duration/10, o.concurrency, func(ctx context.Context, i int) {
			rec.time(r.name, func() error { return at(i).get(ctx, first, r.path) })
		})
	}
	for _, r := range reads[2:] {
		name := fmt.Sprintf("%s (%d callers)", r.name, o.crowd)
		took[name] = phase(o.duration/20, o.crowd, func(ctx context.Context, i int) {
			rec.time(name, func() error { return at(i).get(ctx, first, r.path) })
		})
	}
	// Every user signs in before the phase, one after another (they share
	// one login, whose guessing throttle counts sign-ins that run at once),
	// so that all LOAD_USERS users are at work for the whole phase. Signed
	// in inside it, the last of 200 waited minutes for their turn and the
	// phase had far fewer users at work than it said.
	bearers := make([]string, o.users)
	for i := range o.users {
		if err := rec.time("sign in", func() (err error) { bearers[i], err = at(i).signIn(ctx); return err }); err != nil {
			return fmt.Errorf("user %d signs in: %w", i+1, err)
		}
	}
	took["journeys"] = phase(o.duration*7/20, o.users, func(ctx context.Context, i int) {
		at(i).journey(ctx, rec, bearers[i], customer, csv)
	})
	rec.print(out, took)
	rec.printShares(out, reads, took)
	for i, m := range rss {
		max, last := m.read()
		fmt.Fprintf(out, "portal %d memory (RSS): %d MB at most, %d MB at the end\n", i+1, max>>20, last>>20)
	}
	if rec.errors() > 0 {
		return fmt.Errorf("%d requests failed", rec.errors())
	}
	return nil
}

// client calls the portal as the webapp and integrators do.
type client struct {
	o         options
	url       string
	http      *http.Client
	accounts  portalv1connect.AccountServiceClient
	userData  portalv1connect.UserDataServiceClient
	batches   portalv1connect.BatchServiceClient
	reports   portalv1connect.ReportServiceClient
	tracking  portalv1connect.TrackingServiceClient
	pollEvery time.Duration
	// signingIn lets one sign-in run at a time: the simulated users share
	// one login, and the portal's guessing throttle counts a login's
	// sign-ins while they run and refuses those past its limit, as a guesser's.
	signingIn *sync.Mutex
}

func newClient(o options, url string, signingIn *sync.Mutex) *client {
	h := &http.Client{
		Timeout:   60 * time.Second,
		Transport: &http.Transport{MaxIdleConns: 1024, MaxIdleConnsPerHost: 1024, IdleConnTimeout: 90 * time.Second},
	}
	return &client{
		o: o, url: url, http: h, pollEvery: time.Second, signingIn: signingIn,
		accounts: portalv1connect.NewAccountServiceClient(h, url),
		userData: portalv1connect.NewUserDataServiceClient(h, url),
		batches:  portalv1connect.NewBatchServiceClient(h, url),
		reports:  portalv1connect.NewReportServiceClient(h, url),
		tracking: portalv1connect.NewTrackingServiceClient(h, url),
	}
}

// bearing is a Connect request that carries the bearer.
func bearing[T any](msg *T, bearer string) *connect.Request[T] {
	return demosignin.Bearing(msg, bearer)
}

// signIn signs in through the portal (Kratos' API flow behind it) and
// skips the second factor for a week where the portal asks for it.
func (c *client) signIn(ctx context.Context) (string, error) {
	c.signingIn.Lock()
	defer c.signingIn.Unlock()
	return demosignin.SignIn(ctx, c.accounts, c.o.login, c.o.password)
}

func (c *client) customerOf(ctx context.Context, bearer string) (int64, error) {
	mine, err := c.userData.GetMyUserData(ctx, bearing(&portalv1.GetMyUserDataRequest{}, bearer))
	if err != nil {
		return 0, err
	}
	id := mine.Msg.GetUserData().GetCustomer().GetId()
	if id == 0 {
		return 0, fmt.Errorf("login %s acts for no customer", c.o.login)
	}
	return id, nil
}

// get reads a REST path and drains the answer.
func (c *client) get(ctx context.Context, bearer, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.url+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+bearer)
	rsp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer rsp.Body.Close()
	if _, err := io.Copy(io.Discard, rsp.Body); err != nil {
		return err
	}
	if rsp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: %s", path, rsp.Status)
	}
	return nil
}

// journey is one user's round: the list, a batch from upload to labels,
// and the searches. A step that fails ends the round.
func (c *client) journey(ctx context.Context, rec *recorder, bearer string, customer int64, csv []byte) {
	step := func(name string, f func() error) bool { return rec.time(name, f) == nil }
	if !step("read the batch list", func() error {
		_, err := c.batches.ListBatches(ctx, bearing(&portalv1.ListBatchesRequest{CustomerId: customer, PageSize: 10}, bearer))
		return err
	}) {
		return
	}
	var batch *portalv1.Batch
	if !step(fmt.Sprintf("upload a %d-row batch", c.o.rows), func() error {
		rsp, err := c.batches.CreateBatch(ctx, bearing(&portalv1.CreateBatchRequest{
			Csv: csv, CsvFileName: "load.csv", Customer: &portalv1.BatchRef{Id: customer},
		}, bearer))
		if err == nil {
			batch = rsp.Msg.GetBatch()
		}
		return err
	}) {
		return
	}
	var row *portalv1.ValidatedShipment
	if !step("read the batch's grid (page of 100)", func() error {
		rsp, err := c.batches.ListValidatedShipments(ctx, bearing(&portalv1.ListValidatedShipmentsRequest{Id: batch.GetId(), PageSize: 100}, bearer))
		if err == nil && len(rsp.Msg.GetValidatedShipments()) == 0 {
			err = errors.New("the grid has no rows")
		}
		if err == nil {
			row = rsp.Msg.GetValidatedShipments()[0]
		}
		return err
	}) {
		return
	}
	if !step("edit a cell", func() error {
		values := &portalv1.ShipmentValues{Fields: &portalv1.ShipmentTexts{}}
		copyCells(row.GetFields().ProtoReflect(), values.Fields.ProtoReflect())
		values.Fields.Name = proto.String("Load Test " + strconv.Itoa(int(row.GetPosition())))
		for _, l := range row.GetOrderLines() {
			line := &portalv1.OrderLineValues{Fields: &portalv1.OrderLineTexts{}}
			copyCells(l.GetFields().ProtoReflect(), line.Fields.ProtoReflect())
			values.OrderLines = append(values.OrderLines, line)
		}
		_, err := c.batches.UpdateValidatedShipment(ctx, bearing(&portalv1.UpdateValidatedShipmentRequest{
			Id: batch.GetId(), ShipmentId: row.GetId(), Values: values,
		}, bearer))
		return err
	}) {
		return
	}
	if !step("send", func() error {
		_, err := c.batches.SendBatch(ctx, bearing(&portalv1.SendBatchRequest{Id: batch.GetId(), LabelType: portalv1.LabelType_PDF}, bearer))
		return err
	}) {
		return
	}
	// Poll as the webapp does while the job runs; the wait until the batch
	// settles is reported apart from the polls themselves.
	started := time.Now()
	for settled := false; !settled; {
		select {
		case <-ctx.Done():
			return // the phase ended while the batch sends: not an error
		case <-time.After(c.pollEvery):
		}
		if !step("poll the batch", func() error {
			rsp, err := c.batches.GetBatch(ctx, bearing(&portalv1.GetBatchRequest{Id: batch.GetId()}, bearer))
			if err == nil {
				switch rsp.Msg.GetBatch().GetStatus() {
				case portalv1.Batch_SENDING, portalv1.Batch_RESENDING, portalv1.Batch_RESENDING_CHANGE, portalv1.Batch_RESENDING_ERROR:
				case portalv1.Batch_SENT:
					settled = true
				default:
					err = fmt.Errorf("batch %d settled as %s", batch.GetId(), rsp.Msg.GetBatch().GetStatus())
				}
			}
			return err
		}) {
			return
		}
	}
	rec.add("send until SENT (wait)", time.Since(started), nil)
	if !step("download the labels", func() error {
		rsp, err := c.batches.DownloadBatchLabels(ctx, bearing(&portalv1.DownloadBatchLabelsRequest{Id: batch.GetId()}, bearer))
		if err == nil && len(rsp.Msg.GetFile().GetData()) == 0 {
			err = errors.New("no labels")
		}
		return err
	}) {
		return
	}
	step("search the report", func() error {
		filter := fmt.Sprintf(`{"searchCriteria":{"customerIds":[%d]},"page":0,"size":20}`, customer)
		_, err := c.reports.SearchReport(ctx, bearing(&portalv1.SearchReportRequest{PageableFilter: filter}, bearer))
		return err
	})
	step("search tracking", func() error {
		_, err := c.tracking.SearchTracking(ctx, bearing(&portalv1.SearchTrackingRequest{
			SearchCriteria: &portalv1.TrackingSearchCriteria{}, Meta: &portalv1.TrackingMeta{PageSize: 10},
		}, bearer))
		return err
	})
}

// recorder keeps every request's time and outcome by journey.
type recorder struct {
	mu     sync.Mutex
	times  map[string][]time.Duration
	errs   map[string]int
	sample map[string]string
	order  []string
	failed atomic.Int64
}

func newRecorder() *recorder {
	return &recorder{times: map[string][]time.Duration{}, errs: map[string]int{}, sample: map[string]string{}}
}

func (r *recorder) time(name string, f func() error) error {
	start := time.Now()
	err := f()
	r.add(name, time.Since(start), err)
	return err
}

func (r *recorder) add(name string, d time.Duration, err error) {
	// A request the phase's end cut off is neither a figure nor an error.
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) || connect.CodeOf(err) == connect.CodeCanceled ||
		connect.CodeOf(err) == connect.CodeDeadlineExceeded {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, seen := r.times[name]; !seen {
		r.order = append(r.order, name)
		r.times[name] = nil
	}
	if err != nil {
		r.errs[name]++
		r.failed.Add(1)
		if r.sample[name] == "" {
			r.sample[name] = err.Error()
		}
		return
	}
	r.times[name] = append(r.times[name], d)
}

func (r *recorder) errors() int64 { return r.failed.Load() }

// print writes one line per journey: requests, requests per second over
// its phase, p50, p95 and p99, errors; then the first error of each.
func (r *recorder) print(out io.Writer, took map[string]time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	phaseOf := func(name string) time.Duration {
		if d, ok := took[name]; ok {
			return d
		}
		return took["journeys"]
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "journey\trequests\treq/s\tp50 ms\tp95 ms\tp99 ms\terrors\t")
	for _, name := range r.order {
		ts := r.times[name]
		sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
		rate := float64(len(ts)+r.errs[name]) / phaseOf(name).Seconds()
		fmt.Fprintf(w, "%s\t%d\t%.1f\t%s\t%s\t%s\t%d\t\n", name, len(ts)+r.errs[name], rate,
			ms(percentile(ts, 50)), ms(percentile(ts, 95)), ms(percentile(ts, 99)), r.errs[name])
	}
	_ = w.Flush()
	for _, name := range r.order {
		if s := r.sample[name]; s != "" {
			fmt.Fprintf(out, "first error of %q: %s\n", name, s)
		}
	}
}

func percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, (len(sorted)*p+99)/100-1)]
}

func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 1, 64)
}

// memory samples a process's resident set every 200 ms.
type memory struct {
	mu        sync.Mutex
	max, last int64
	done      chan struct{}
	once      sync.Once
}

func watchMemory(pid int) *memory {
	m := &memory{done: make(chan struct{})}
	if pid <= 0 {
		return m
	}
	go func() {
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			if rss, ok := residentBytes(pid); ok {
				m.mu.Lock()
				m.last, m.max = rss, max(m.max, rss)
				m.mu.Unlock()
			}
			select {
			case <-m.done:
				return
			case <-t.C:
			}
		}
	}()
	return m
}

func (m *memory) read() (int64, int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.max, m.last
}

func (m *memory) stop() { m.once.Do(func() { close(m.done) }) }

// residentBytes reads VmRSS from /proc/<pid>/status.
func residentBytes(pid int) (int64, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, false
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err == nil
		}
	}
	return 0, false
}

func env(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

func envInt(name string, fallback int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return fallback
}

func envDuration(name string, fallback time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(name)); err == nil {
		return d
	}
	return fallback
}

// copyCells sets each text field to the value of the cell of the same name
// (ShipmentCells to ShipmentTexts, OrderLineCells to OrderLineTexts).
func copyCells(cells, texts protoreflect.Message) {
	fields := texts.Descriptor().Fields()
	cells.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		if t := fields.ByName(fd.Name()); t != nil {
			texts.Set(t, protoreflect.ValueOfString(v.Message().Interface().(*portalv1.FieldValue).GetValue()))
		}
		return true
	})
}
