package logging_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"

	"parcelportal/adapters/logging"
	"parcelportal/core/origin"
)

func TestLevelChangesAtRunTime(t *testing.T) {
	var out bytes.Buffer
	r := logging.New(slog.NewJSONHandler(&out, &slog.HandlerOptions{Level: slog.Level(-100)}), "INFO")
	jobs := r.Logger("batch-jobs")
	other := r.Logger("rpc")
	jobs.Debug("hidden")
	if out.Len() != 0 {
		t.Fatalf("DEBUG written at INFO: %s", out.String())
	}
	if !r.SetLevel("batch-jobs", "DEBUG") {
		t.Fatal("SetLevel refused")
	}
	jobs.Debug("shown")
	other.Debug("still hidden")
	if !strings.Contains(out.String(), `"msg":"shown"`) || !strings.Contains(out.String(), `"logger":"batch-jobs"`) || strings.Contains(out.String(), "still hidden") {
		t.Fatalf("log: %s", out.String())
	}
	// A logger taken before the change (with attributes) follows it too.
	derived := r.Logger("rpc").With("k", "v")
	r.SetLevel("rpc", "OFF")
	out.Reset()
	derived.Error("silenced")
	if out.Len() != 0 {
		t.Fatalf("OFF logger wrote: %s", out.String())
	}
	if r.SetLevel("nope", "DEBUG") || r.SetLevel("rpc", "LOUD") {
		t.Fatal("unknown logger or level accepted")
	}
	got := r.Loggers()
	if len(got) != 2 || got[0].Name != "batch-jobs" || got[0].ConfiguredLevel != "DEBUG" || got[1].ConfiguredLevel != "OFF" {
		t.Fatalf("loggers %+v", got)
	}
}

func TestRecordsNameTheirRequest(t *testing.T) {
	var out bytes.Buffer
	r := logging.New(slog.NewJSONHandler(&out, nil), "INFO")
	r.Logger("rpc").InfoContext(origin.WithRequestID(context.Background(), "req-abcdef12"), "call")
	r.Logger("rpc").Info("no request")
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"requestId":"req-abcdef12"`) || strings.Contains(lines[1], "requestId") {
		t.Fatalf("log: %s", out.String())
	}
}
