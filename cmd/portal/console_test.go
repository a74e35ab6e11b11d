package main

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"io"
	"net/http"
	"strings"
	"testing"

	"parcelportal/core/secretmask"
)

// TestConsoleNeverShowsASecret sets every secret the configuration holds,
// wires the portal as main does with every logger at TRACE, walks the
// console's calls as an admin, and finds none of the secrets in any answer
// or log line; /metrics answers its token only, with the pool and queue.
func TestConsoleNeverShowsASecret(t *testing.T) {
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	secrets := map[string]string{
		"CREDENTIALS_KEY": base64.StdEncoding.EncodeToString(key),
		"CAPTCHA_SECRET":  "captcha-secret-" + randomHex(t),
		"METRICS_TOKEN":   "metrics-token-" + randomHex(t),
		"DATABASE_URL":    "postgres://portal:db-password-" + randomHex(t) + "@127.0.0.1:1/portal",
		"SMTP_PASSWORD":   "smtp-password-" + randomHex(t),
		"SOME_API_KEY":    "api-key-" + randomHex(t),
	}
	for name, value := range secrets {
		t.Setenv(name, value)
	}
	t.Setenv("LOG_LEVEL", "TRACE")
	t.Setenv("LOG_FORMAT", "json")
	cfg, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	cfg.RedisAddr, cfg.Captcha = redisOf(t), "off"
	cfg.JobQueue = "console-" + randomHex(t)
	db := newDemoDatabase(t)
	var logged bytes.Buffer
	srv := wiredPortal(t, cfg, db, &logged)
	call := func(method, path, bearer, body string) (int, string) {
		req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if bearer != "" {
			req.Header.Set("Authorization", "Bearer "+bearer)
		}
		rsp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer rsp.Body.Close()
		b, _ := io.ReadAll(rsp.Body)
		return rsp.StatusCode, string(b)
	}
	var answers strings.Builder
	for _, c := range []struct{ method, path, body string }{
		{"GET", "/management/configprops", ""}, {"GET", "/management/env", ""}, {"GET", "/management/jhimetrics", ""},
		{"GET", "/management/loggers", ""}, {"POST", "/management/loggers/rpc", `{"configuredLevel":"TRACE"}`},
		{"GET", "/management/audits", ""}, {"GET", "/management/threaddump", ""}, {"GET", "/management/health", ""},
	} {
		code, body := call(c.method, c.path, "ROLE_ADMIN", c.body)
		if code != http.StatusOK && !(c.path == "/management/health" && code == http.StatusServiceUnavailable) {
			t.Fatalf("%s %s = %d %s", c.method, c.path, code, body)
		}
		answers.WriteString(body)
	}
	for name, value := range secrets {
		secret := value
		if name == "DATABASE_URL" {
			secret = strings.TrimSuffix(strings.TrimPrefix(value, "postgres://portal:"), "@127.0.0.1:1/portal")
		}
		if strings.Contains(answers.String(), secret) || strings.Contains(logged.String(), secret) {
			t.Errorf("%s shown", name)
		}
	}
	if !strings.Contains(answers.String(), secretmask.Mask) || !strings.Contains(answers.String(), `"key":"CREDENTIALS_KEY"`) {
		t.Errorf("configuration answers without the masked keys: %.2000s", answers.String())
	}
	if !strings.Contains(logged.String(), `"logger":"rpc"`) {
		t.Errorf("no rpc log at TRACE: %.1000s", logged.String())
	}

	if code, _ := call("GET", "/metrics", "", ""); code != http.StatusUnauthorized {
		t.Errorf("/metrics without the token = %d", code)
	}
	code, text := call("GET", "/metrics", secrets["METRICS_TOKEN"], "")
	for _, want := range []string{"portal_db_pool_total_connections", `portal_job_queue_jobs{queue="` + cfg.JobQueue + `",state="pending"} 0`,
		`portal_http_request_duration_seconds_count{method="GET",route="/management/configprops",status="200"} 1`, "go_goroutines"} {
		if code != http.StatusOK || !strings.Contains(text, want) {
			t.Errorf("/metrics = %d, missing %s", code, want)
		}
	}
}
