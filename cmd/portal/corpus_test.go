package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"google.golang.org/protobuf/proto"

	"parcelportal/adapters/jobs"
	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/rpctest"
	"parcelportal/adapters/secrets"
	"parcelportal/app/demo"
	"parcelportal/core/batchcsv/batchcsvtest"
)

// badCase is one entry of testdata/bad/cases.json.
type badCase struct {
	Name     string            `json:"name"`
	Method   string            `json:"method"`
	Path     string            `json:"path"`
	Headers  map[string]string `json:"headers"`
	Body     string            `json:"body"`
	BodyFile string            `json:"bodyFile"`
	Generate string            `json:"generate"`
	SignedIn string            `json:"signedIn"`
	Status   int               `json:"status"`
	Key      string            `json:"key"`
	Field    string            `json:"field"`
}

const corpusDir = "../../testdata/bad"

// parserInternals are texts of the decoders' own errors (protojson,
// vanguard, Connect) that no answer may carry.
var parserInternals = []string{"proto:", "max buffer size", "unmarshal", "syntax error", "invalid value for", "(line "}

// maxCaseHeapGrowthMB bounds what one refused request may make the server
// hold: the file routes accept 14 MB, which the decoders buffer a few times.
const maxCaseHeapGrowthMB = 64

// TestMalformedInputCorpus replays testdata/bad against the portal as main
// wires it (every use case on a PostgreSQL schema of its own, the carrier
// simulator inside, the security headers), with bearers standing for
// signed-in users. Every case must answer 4xx with a message key that the
// webapp translates in all five locales, store nothing (every table's row
// count is the same before and after) and leave the heap bounded.
func TestMalformedInputCorpus(t *testing.T) {
	var manifest struct {
		Cases []badCase `json:"cases"`
	}
	raw, err := os.ReadFile(filepath.Join(corpusDir, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &manifest); err != nil {
		t.Fatal(err)
	}
	if len(manifest.Cases) < 25 {
		t.Fatalf("only %d cases", len(manifest.Cases))
	}
	translated := translatedKeys(t)
	srv, pool, customerID := corpusPortal(t)

	before := rowCounts(t, pool)
	for _, c := range manifest.Cases {
		t.Run(c.Name, func(t *testing.T) {
			body := corpusBody(t, c, customerID)
			req, err := http.NewRequest(c.Method, srv.URL+strings.ReplaceAll(c.Path, "{customerId}", strconv.FormatInt(customerID, 10)), bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if len(body) == 0 {
				req.Body = http.NoBody
			}
			for name, value := range c.Headers {
				req.Header.Set(name, value)
			}
			switch c.SignedIn {
			case "user":
				req.Header.Set("Authorization", "Bearer ROLE_USER:"+strconv.FormatInt(customerID, 10))
			case "admin":
				req.Header.Set("Authorization", "Bearer ROLE_ADMIN:0")
			}
			heap := rpctest.WatchHeap()
			rsp, err := srv.Client().Do(req)
			if err != nil {
				heap.GrownMB()
				t.Fatal(err)
			}
			answer, _ := io.ReadAll(io.LimitReader(rsp.Body, 1<<20))
			rsp.Body.Close()
			grown := heap.GrownMB()
			key := answerKey(rsp, answer)
			t.Logf("%d %s (heap +%.1f MB)", rsp.StatusCode, key, grown)
			if rsp.StatusCode < 400 || rsp.StatusCode > 499 {
				t.Errorf("status %d, want 4xx: %.300s", rsp.StatusCode, answer)
			}
			if c.Status != 0 && rsp.StatusCode != c.Status {
				t.Errorf("status %d, want %d: %.300s", rsp.StatusCode, c.Status, answer)
			}
			if c.Key != "" && key != c.Key {
				t.Errorf("key %q, want %q: %.300s", key, c.Key, answer)
			}
			if c.Field != "" && answerParams(rsp, answer)["field"] != c.Field {
				t.Errorf("params %v, want the field %q: %.300s", answerParams(rsp, answer), c.Field, answer)
			}
			if !translated[key] {
				t.Errorf("key %q is not translated in every locale: %.300s", key, answer)
			}
			// The answer names what was wrong in the portal's words, never the
			// decoder's: its text tells how the server parses (and echoes input).
			for _, internal := range parserInternals {
				if strings.Contains(string(answer), internal) || strings.Contains(fmt.Sprint(rsp.Header), internal) {
					t.Errorf("the answer leaks the parser's %q: %.300s %v", internal, answer, rsp.Header)
				}
			}
			if grown > maxCaseHeapGrowthMB {
				t.Errorf("heap grew %.0f MB, at most %d MB expected", grown, maxCaseHeapGrowthMB)
			}
		})
	}
	after := rowCounts(t, pool)
	for table, n := range after {
		if before[table] != n {
			t.Errorf("table %s had %d rows, now %d", table, before[table], n)
		}
	}
}

// corpusPortal serves what main serves over HTTP/2, on a schema of its own.
func corpusPortal(t *testing.T) (*httptest.Server, *pgxpool.Pool, int64) {
	t.Helper()
	redisAddr := redisOf(t)
	db := newDemoDatabase(t)
	pool, box, bakery := db.pool, db.box, db.customer(t, demo.BakeryCRMID)
	queue := jobs.NewQueue(redisAddr, "corpus-"+randomHex(t))
	t.Cleanup(func() { _ = queue.Close() })
	cfg := config{
		CredentialsKey: secrets.DevelopmentKey, RedisAddr: redisAddr, CarrierConcurrency: 2, Captcha: "self-hosted",
		KratosPublicURL: env("KRATOS_PUBLIC_URL", "http://127.0.0.1:4433"), KratosAdminURL: env("KRATOS_ADMIN_URL", "http://127.0.0.1:4434"),
		SMTPAddr: env("SMTP_ADDR", "127.0.0.1:1025"), BaseURL: "http://127.0.0.1",
	}
	h, err := handlers(cfg, pool, box, carrierOf(cfg), queue, operationsOf(cfg, io.Discard))
	if err != nil {
		t.Fatal(err)
	}
	h.Callers = bearers{}
	handler, err := portalHandler(h, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(handler)
	srv.EnableHTTP2 = true // a refusal before the body is read ends the stream, not the connection
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv, pool, bakery
}

var placeholder = regexp.MustCompile(`\{(base64file|base64gen|repeat):([^{}]*)\}`)

// corpusBody builds the case's body: a file, a generated body, or the
// inline text with its placeholders expanded.
func corpusBody(t *testing.T, c badCase, customerID int64) []byte {
	t.Helper()
	id := strconv.FormatInt(customerID, 10)
	// A batch payload whose CSV, base64 'A's, goes between the two.
	batchJSON := func() (string, string) {
		return `{"csvFileName":"bomb.csv","customer":{"id":"` + id + `"},"csv":"`, `"}`
	}
	switch {
	case c.BodyFile != "":
		b, err := os.ReadFile(filepath.Join(corpusDir, c.BodyFile))
		if err != nil {
			t.Fatal(err)
		}
		return b
	case strings.HasPrefix(c.Generate, "gzipBomb:"):
		mb, _ := strconv.Atoi(strings.TrimPrefix(c.Generate, "gzipBomb:"))
		prefix, suffix := batchJSON()
		return rpctest.Gzipped(t, prefix, 'A', mb<<20, suffix)
	case c.Generate == "gzipTruncated":
		prefix, suffix := batchJSON()
		whole := rpctest.Gzipped(t, prefix, 'A', 1<<20, suffix)
		return whole[:len(whole)/2]
	case strings.HasPrefix(c.Generate, "plain:"):
		mb, _ := strconv.Atoi(strings.TrimPrefix(c.Generate, "plain:"))
		prefix, suffix := batchJSON()
		return []byte(prefix + strings.Repeat("A", mb<<20) + suffix)
	case c.Generate != "":
		t.Fatalf("unknown generator %q", c.Generate)
	}
	body := strings.ReplaceAll(c.Body, "{customerId}", id)
	body = placeholder.ReplaceAllStringFunc(body, func(m string) string {
		parts := placeholder.FindStringSubmatch(m)
		switch parts[1] {
		case "base64file":
			b, err := os.ReadFile(filepath.Join(corpusDir, parts[2]))
			if err != nil {
				t.Fatal(err)
			}
			return base64.StdEncoding.EncodeToString(b)
		case "base64gen":
			rows, err := strconv.Atoi(strings.TrimPrefix(parts[2], "csvRows:"))
			if err != nil {
				t.Fatalf("generator %q", parts[2])
			}
			return base64.StdEncoding.EncodeToString(batchcsvtest.Generate(rows))
		default: // repeat:TEXT:N
			text, count, _ := strings.Cut(parts[2], ":")
			n, err := strconv.Atoi(count)
			if err != nil {
				t.Fatalf("repeat %q", parts[2])
			}
			return strings.Repeat(text, n)
		}
	})
	return []byte(body)
}

// connectStatus is the HTTP status the webapp (src/errors/httpStatus.ts)
// gives a Connect code, whose error.http.{status} text it shows for an
// error without the portal's detail.
var connectStatus = map[string]int{
	"canceled": 499, "unknown": 500, "invalid_argument": 400, "deadline_exceeded": 504, "not_found": 404,
	"already_exists": 409, "permission_denied": 403, "resource_exhausted": 429, "failed_precondition": 412,
	"aborted": 409, "out_of_range": 400, "unimplemented": 501, "internal": 500, "unavailable": 503,
	"data_loss": 500, "unauthenticated": 401,
}

// answerKey is the message key the webapp shows for an answer: the problem
// document's message (REST), the ErrorDetail's key (Connect), else the
// generic text of the status.
func answerKey(rsp *http.Response, body []byte) string {
	if strings.HasPrefix(rsp.Header.Get("Content-Type"), "application/problem+json") {
		var p struct{ Message string }
		_ = json.Unmarshal(body, &p)
		return p.Message
	}
	if d := connectDetail(body); d != nil {
		return d.GetMessageKey()
	}
	var e struct{ Code string }
	if json.Unmarshal(body, &e) == nil && e.Code != "" {
		return "error.http." + strconv.Itoa(connectStatus[e.Code])
	}
	return "" // neither: no key the webapp could show
}

// answerParams are the params of the answer's message key.
func answerParams(rsp *http.Response, body []byte) map[string]string {
	if strings.HasPrefix(rsp.Header.Get("Content-Type"), "application/problem+json") {
		var p struct{ Params map[string]string }
		_ = json.Unmarshal(body, &p)
		return p.Params
	}
	return connectDetail(body).GetParams()
}

// connectDetail is the ErrorDetail of a Connect error body, or nil.
func connectDetail(body []byte) *portalv1.ErrorDetail {
	var e struct {
		Code    string `json:"code"`
		Details []struct {
			Type  string `json:"type"`
			Value string `json:"value"`
		} `json:"details"`
	}
	if json.Unmarshal(body, &e) == nil && e.Code != "" {
		for _, d := range e.Details {
			raw, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(d.Value, "="))
			var detail portalv1.ErrorDetail
			if d.Type == "portal.v1.ErrorDetail" && err == nil && proto.Unmarshal(raw, &detail) == nil {
				return &detail
			}
		}
	}
	return nil
}

// translatedKeys are the message ids with a non-empty translation in every
// locale of the webapp.
func translatedKeys(t *testing.T) map[string]bool {
	t.Helper()
	entry := regexp.MustCompile(`(?m)^msgid "([^"]+)"\nmsgstr "(.+)"$`)
	count := map[string]int{}
	locales := []string{"de", "en", "es", "it", "nl"}
	for _, l := range locales {
		b, err := os.ReadFile(filepath.Join("../../webapp/src/locales", l+".po"))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range entry.FindAllStringSubmatch(string(b), -1) {
			count[m[1]]++
		}
	}
	out := map[string]bool{}
	for id, n := range count {
		out[id] = n == len(locales)
	}
	return out
}

// rowCounts counts the rows of every table of the test's schema.
func rowCounts(t *testing.T, pool *pgxpool.Pool) map[string]int64 {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	rows.Close()
	if len(tables) < 10 {
		t.Fatalf("only %d tables in the schema", len(tables))
	}
	counts := map[string]int64{}
	for _, table := range tables {
		var n int64
		if err := pool.QueryRow(ctx, fmt.Sprintf(`SELECT count(*) FROM %q`, table)).Scan(&n); err != nil {
			t.Fatal(err)
		}
		counts[table] = n
	}
	return counts
}
