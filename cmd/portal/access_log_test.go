package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"parcelportal/adapters/rpc/rpctest"
	"parcelportal/adapters/secrets"
	"parcelportal/app/demo"
)

// lockedBuffer is a log the portal's goroutines write to while the test reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) lines() []map[string]any {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	sc := bufio.NewScanner(strings.NewReader(l.b.String()))
	for sc.Scan() {
		var m map[string]any
		if json.Unmarshal(sc.Bytes(), &m) == nil {
			out = append(out, m)
		}
	}
	return out
}

// The portal as main wires it writes one access line per request at INFO,
// as JSON with LOG_FORMAT=json, naming the signed-in caller, and the RPC
// line at DEBUG names the caller too (it was empty: the logging step sits
// outside the one that resolves the caller).
func TestTheAccessLogNamesEveryRequestAndItsCaller(t *testing.T) {
	db := newDemoDatabase(t)
	bakery := db.customer(t, demo.BakeryCRMID)
	logs := &lockedBuffer{}
	cfg := config{CredentialsKey: secrets.DevelopmentKey, RedisAddr: redisOf(t), JobQueue: "access-" + randomHex(t), Captcha: "off",
		LogFormat: "json", LogLevel: "DEBUG"}
	srv := wiredPortal(t, cfg, db, logs)
	bearer := "ROLE_USER:" + strconv.FormatInt(bakery, 10)
	if rsp, body := rpctest.Call(t, srv.Client(), "GET", srv.URL+"/web/api/batches?customerId="+strconv.FormatInt(bakery, 10), bearer, ""); rsp.StatusCode != http.StatusOK {
		t.Fatalf("GET web/api/batches = %d %s", rsp.StatusCode, body)
	}
	if rsp, _ := rpctest.Call(t, srv.Client(), "GET", srv.URL+"/web/api/batches/12345", "", ""); rsp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("anonymous GET = %d", rsp.StatusCode)
	}
	var signedIn, anonymous, rpcCall map[string]any
	for _, l := range logs.lines() {
		if l["msg"] == "rpc call" && strings.HasSuffix(l["procedure"].(string), "/ListBatches") {
			rpcCall = l
		}
		if l["msg"] != "request" {
			continue
		}
		switch l["route"] {
		case "/web/api/batches":
			signedIn = l
		case "/web/api/batches/{id}":
			anonymous = l
		}
	}
	if signedIn == nil || signedIn["level"] != "INFO" || signedIn["caller"] != "e2e" || signedIn["status"] != float64(200) ||
		signedIn["method"] != "GET" || signedIn["requestId"] == "" || signedIn["bytes"] == float64(0) {
		t.Errorf("the signed-in request's line: %v", signedIn)
	}
	if rpcCall == nil || rpcCall["caller"] != "e2e" {
		t.Errorf("the RPC line: %v", rpcCall)
	}
	if anonymous == nil || anonymous["caller"] != "" || anonymous["status"] != float64(401) {
		t.Errorf("the anonymous request's line: %v", anonymous)
	}
}
