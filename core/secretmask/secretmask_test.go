package secretmask_test

import (
	"strings"
	"testing"

	"parcelportal/core/secretmask"
)

func TestSecretsAreHidden(t *testing.T) {
	cases := []struct{ key, value, secret string }{
		{"CREDENTIALS_KEY", "c2VjcmV0LWtleS0zMi1ieXRlcw==", "c2VjcmV0LWtleS0zMi1ieXRlcw=="},
		{"CAPTCHA_SECRET", "hunter2hunter2", "hunter2hunter2"},
		{"METRICS_TOKEN", "tok-123456", "tok-123456"},
		{"credentialsKey", "abcdabcd", "abcdabcd"},
		{"kratos.admin.token", "abcdabcd", "abcdabcd"},
		{"SMTP_PASSWORD", "pw-secret", "pw-secret"},
		{"DATABASE_URL", "postgres://portal:s3cr3t@db:5432/portal?sslmode=disable", "s3cr3t"},
		{"REDIS_URL", "redis://:r3dis-pass@cache:6379/0", "r3dis-pass"},
		{"PG_CONN", "host=db user=portal password=kv-secret dbname=portal", "kv-secret"},
		{"CARRIER_URL", "https://carrier.example/api?apikey=q-secret&x=1", "q-secret"},
	}
	for _, c := range cases {
		shown, masked := secretmask.Value(c.key, c.value)
		if !masked || strings.Contains(shown, c.secret) {
			t.Errorf("%s=%q shows %q (masked %v)", c.key, c.value, shown, masked)
		}
	}
}

func TestPlainValuesStay(t *testing.T) {
	for key, value := range map[string]string{
		"PORTAL_ADDR": "127.0.0.1:8080", "DATABASE_URL": "postgres://portal@db/portal",
		"PORTAL_ENV": "dev", "KRATOS_ADMIN_URL": "http://127.0.0.1:4434", "BATCH_QUEUE": "batches",
	} {
		if shown, masked := secretmask.Value(key, value); masked || shown != value {
			t.Errorf("%s=%q shows %q (masked %v)", key, value, shown, masked)
		}
	}
}

func TestKnownSecretsAreHiddenAnywhere(t *testing.T) {
	shown, masked := secretmask.Value("SOME_COMMAND", "run --with abcdef123", "abcdef123")
	if !masked || strings.Contains(shown, "abcdef123") {
		t.Fatalf("known secret shown: %q", shown)
	}
}
