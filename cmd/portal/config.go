package main

import (
	"fmt"
	"net/netip"
	"net/url"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/jobs"
	"parcelportal/adapters/kratos"
	"parcelportal/adapters/qzsign"
	"parcelportal/adapters/rawprint"
	"parcelportal/adapters/rpc"
	"parcelportal/adapters/secrets"
	"parcelportal/adapters/webhooksend"
	"parcelportal/app/batchjob"
	"parcelportal/core/loglevel"
	"parcelportal/core/printer"
	"parcelportal/core/webhook"
)

// config is everything the portal reads from its environment. docs/settings.md
// documents each variable in one table; keep the two in step.
type config struct {
	Addr        string
	DatabaseURL string
	// ConsoleDatabaseURL is the database console's own login
	// (CONSOLE_DATABASE_URL): a role that may only read, which the portal
	// grants SELECT on its tables at start, credential columns excepted.
	// Empty: no console.
	ConsoleDatabaseURL string
	RedisAddr          string
	KratosPublicURL    string
	KratosAdminURL     string
	SMTPAddr           string
	WebappDir          string
	Environment        string
	Production         bool
	SwaggerEnabled     bool
	// GRPCReflection serves gRPC server reflection (GRPC_REFLECTION, default
	// off; `make run` turns it on): it lists every method to any caller.
	GRPCReflection bool
	// BatchProgressStream serves the batch pages' progress streams
	// (BATCH_PROGRESS_STREAM, on unless "off"): off, WatchBatches answers
	// Unimplemented and the pages read their batches again every 5 s, for
	// installations behind a proxy that buffers answers.
	BatchProgressStream bool
	// BaseURL is where people reach the portal: the links in mails point there.
	BaseURL string
	// MailFrom is the sender of the portal's own mails (registration
	// requests to staff, registration attempts to owners).
	MailFrom string
	// MFAEnabled switches the second-factor dialog on.
	MFAEnabled bool
	// Captcha is "self-hosted" (a proof of work) or "off".
	Captcha string
	// CaptchaSecret signs captcha challenges; every portal process of an
	// installation needs the same one. Empty: one derived from CredentialsKey, which they share too.
	CaptchaSecret string
	// CredentialsKey seals customer credentials at rest (32 bytes, base64).
	// Outside production an unset key falls back to a fixed development key;
	// production refuses to start without one.
	CredentialsKey string
	// CarrierURL is the carrier: SOAP on /shipping, credential checks on
	// /check-credentials. Empty: the carrier simulator inside the portal.
	CarrierURL string
	// TrackingURL is the tracking API (and its credential checks); empty
	// embeds the tracking simulator.
	TrackingURL string
	// TrackingUsername and TrackingPassword are the portal's own tracking
	// account, which internal roles search with; the simulator's demo
	// login when tracking is embedded.
	TrackingUsername, TrackingPassword string
	// TrackingSpeedup is how fast the embedded tracking simulator plays journeys.
	TrackingSpeedup float64
	// CarrierConcurrency bounds the carrier calls the batch jobs of this
	// process make at once.
	CarrierConcurrency int
	// UploadsAtOnce bounds the batch uploads this process reads and
	// validates at once (BATCH_UPLOADS_AT_ONCE; default four per core):
	// each holds its file's rows in memory, and more at once are no faster.
	UploadsAtOnce int
	// CarrierCallTimeout bounds one carrier call of the batch jobs
	// (CARRIER_CALL_TIMEOUT; default 2 min): a call unanswered by then is
	// asked again with FindShipment first.
	CarrierCallTimeout time.Duration
	// Worker: this process also runs the batch jobs (`portal worker` runs
	// only them).
	Worker bool
	// KratosTimeout bounds every call to Kratos.
	KratosTimeout time.Duration
	// TrustedProxies are the reverse proxies whose X-Forwarded-For names the
	// client (CIDRs or addresses); empty trusts none.
	TrustedProxies rpc.TrustedProxies
	// JobQueue is the asynq queue of the batch jobs; processes of one
	// installation share it.
	JobQueue string
	// MetricsToken is the bearer a Prometheus scraper sends to /metrics;
	// empty: /metrics is not served.
	MetricsToken string
	// LogLevel is every named logger's level at start (TRACE, DEBUG, INFO,
	// WARN, ERROR, OFF); the logs page changes them while the process runs.
	LogLevel string
	// LogFormat is "text" or "json".
	LogFormat string
	// DBMaxConns sizes this process's database pool outright
	// (PORTAL_DB_MAX_CONNS); zero: dbPoolSize decides.
	DBMaxConns int
	// PrinterTimeout bounds connecting to a network printer, its host status
	// and each part of a job.
	PrinterTimeout time.Duration
	// PrinterNetworks are the networks network printers may be on
	// (PRINTER_NETWORKS, CIDRs or addresses); empty: any address but
	// loopback, link-local, unspecified and multicast ones.
	PrinterNetworks []netip.Prefix
	// PrinterHostStatus asks a network printer for its host status (~HS)
	// before each job and prints only to a peer that answers like a Zebra
	// (PRINTER_HOST_STATUS; default true).
	PrinterHostStatus bool
	// WebhookNetworks are the networks integrators' webhook endpoints may
	// be on (WEBHOOK_NETWORKS, CIDRs or addresses, as PRINTER_NETWORKS);
	// empty: any address but loopback, link-local, unspecified and
	// multicast ones. Link-local addresses are refused even when listed,
	// and the portal's own services always.
	WebhookNetworks []netip.Prefix
	// WebhookTimeout bounds one webhook delivery (WEBHOOK_TIMEOUT; 15 s).
	WebhookTimeout time.Duration
	// WebhookTrackingEvery is how long a label followed for tracking.event
	// waits between two questions to the tracking API
	// (WEBHOOK_TRACKING_EVERY; 15 min).
	WebhookTrackingEvery time.Duration
	// LogoutRedirectURL is the identity provider's logout address the
	// webapp sends the browser to after logout (LOGOUT_REDIRECT_URL, spec 1
	// section 2); empty: none. https only; http to a loopback address is
	// taken outside production, for a local identity provider.
	LogoutRedirectURL string
	// QzSigner signs QZ Tray requests with the operator's key
	// (QZ_CERTIFICATE_FILE and QZ_PRIVATE_KEY_FILE); nil without them.
	QzSigner *qzsign.Signer
}

func loadConfig() (config, error) {
	c := config{
		Addr:               env("PORTAL_ADDR", "127.0.0.1:"+env("PORT", "8080")),
		DatabaseURL:        env("DATABASE_URL", "postgres://portal:portal@127.0.0.1:54329/portal?sslmode=disable"),
		RedisAddr:          env("REDIS_ADDR", "127.0.0.1:63790"),
		ConsoleDatabaseURL: env("CONSOLE_DATABASE_URL", ""),
		KratosPublicURL:    env("KRATOS_PUBLIC_URL", "http://127.0.0.1:4433"),
		KratosAdminURL:     env("KRATOS_ADMIN_URL", "http://127.0.0.1:4434"),
		SMTPAddr:           env("SMTP_ADDR", "127.0.0.1:1025"),
		WebappDir:          env("WEBAPP_DIR", "webapp/dist"),
		Environment:        env("PORTAL_ENV", "dev"),
		Captcha:            env("CAPTCHA", "self-hosted"),
		CaptchaSecret:      env("CAPTCHA_SECRET", ""),
		CredentialsKey:     env("CREDENTIALS_KEY", ""),
		CarrierURL:         strings.TrimSuffix(env("CARRIER_URL", ""), "/"),
		TrackingURL:        strings.TrimSuffix(env("TRACKING_URL", ""), "/"),
		TrackingUsername:   env("TRACKING_USERNAME", ""),
		TrackingPassword:   env("TRACKING_PASSWORD", ""),
		JobQueue:           env("BATCH_QUEUE", jobs.DefaultQueue),
		MetricsToken:       env("METRICS_TOKEN", ""),
		LogFormat:          env("LOG_FORMAT", "text"),
	}
	c.BaseURL = env("PORTAL_BASE_URL", "http://"+c.Addr)
	c.MailFrom = env("MAIL_FROM", "Parcel Portal <no-reply@parcel-portal.local>")
	var err error
	if c.Production, err = envBool("PORTAL_PRODUCTION", false); err != nil {
		return c, err
	}
	if c.SwaggerEnabled, err = envBool("SWAGGER_ENABLED", true); err != nil {
		return c, err
	}
	if c.ConsoleDatabaseURL != "" {
		if _, err := pgxpool.ParseConfig(c.ConsoleDatabaseURL); err != nil {
			return c, fmt.Errorf("CONSOLE_DATABASE_URL: %w", err)
		}
	}
	if c.GRPCReflection, err = envBool("GRPC_REFLECTION", false); err != nil {
		return c, err
	}
	if c.BatchProgressStream, err = envParsed("BATCH_PROGRESS_STREAM", true, func(v string) (bool, bool) {
		return v == "on", v == "on" || v == "off"
	}, "on or off"); err != nil {
		return c, err
	}
	if c.MFAEnabled, err = envBool("MFA_ENABLED", true); err != nil {
		return c, err
	}
	if c.Worker, err = envBool("PORTAL_WORKER", true); err != nil {
		return c, err
	}
	if c.CarrierConcurrency, err = envInt("CARRIER_CONCURRENCY", batchjob.DefaultConcurrency); err != nil {
		return c, err
	}
	if c.TrackingSpeedup, err = strconv.ParseFloat(env("TRACKING_SIM_SPEEDUP", "720"), 64); err != nil || c.TrackingSpeedup < 1 || c.TrackingSpeedup > 1e6 {
		return c, fmt.Errorf("TRACKING_SIM_SPEEDUP: %q is not a number from 1 to 1000000", env("TRACKING_SIM_SPEEDUP", "720"))
	}
	if c.UploadsAtOnce, err = envInt("BATCH_UPLOADS_AT_ONCE", 4*runtime.GOMAXPROCS(0)); err != nil {
		return c, err
	}
	if c.CarrierCallTimeout, err = envDuration("CARRIER_CALL_TIMEOUT", 2*time.Minute); err != nil {
		return c, err
	}
	if c.KratosTimeout, err = envDuration("KRATOS_TIMEOUT", kratos.DefaultTimeout); err != nil {
		return c, err
	}
	if c.DBMaxConns, err = envInt("PORTAL_DB_MAX_CONNS", 0); err != nil {
		return c, err
	}
	if c.PrinterTimeout, err = envDuration("PRINTER_TIMEOUT", rawprint.DefaultTimeout); err != nil {
		return c, err
	}
	if c.PrinterNetworks, err = printer.ParseNetworks(env("PRINTER_NETWORKS", "")); err != nil {
		return c, fmt.Errorf("PRINTER_NETWORKS: %w", err)
	}
	if c.PrinterHostStatus, err = envBool("PRINTER_HOST_STATUS", true); err != nil {
		return c, err
	}
	if c.WebhookNetworks, err = parseWebhookNetworks(env("WEBHOOK_NETWORKS", "")); err != nil {
		return c, fmt.Errorf("WEBHOOK_NETWORKS: %w", err)
	}
	if c.WebhookTimeout, err = envDuration("WEBHOOK_TIMEOUT", webhooksend.DefaultTimeout); err != nil {
		return c, err
	}
	if c.WebhookTrackingEvery, err = envDuration("WEBHOOK_TRACKING_EVERY", webhook.TrackingEvery); err != nil {
		return c, err
	}
	if certFile, keyFile := env("QZ_CERTIFICATE_FILE", ""), env("QZ_PRIVATE_KEY_FILE", ""); certFile != "" || keyFile != "" {
		if c.QzSigner, err = qzsign.Load(certFile, keyFile); err != nil {
			return c, fmt.Errorf("QZ_CERTIFICATE_FILE, QZ_PRIVATE_KEY_FILE: %w", err)
		}
	}
	if c.LogoutRedirectURL, err = parseLogoutRedirect(env("LOGOUT_REDIRECT_URL", ""), c.Production); err != nil {
		return c, fmt.Errorf("LOGOUT_REDIRECT_URL: %w", err)
	}
	if c.TrustedProxies, err = rpc.ParseTrustedProxies(env("TRUSTED_PROXIES", "")); err != nil {
		return c, fmt.Errorf("TRUSTED_PROXIES: %w", err)
	}
	if c.CredentialsKey == "" {
		if c.Production {
			return c, fmt.Errorf("CREDENTIALS_KEY: production needs its own key (32 bytes, base64)")
		}
		c.CredentialsKey = secrets.DevelopmentKey
	}
	if c.Production && c.CredentialsKey == secrets.DevelopmentKey {
		return c, fmt.Errorf("CREDENTIALS_KEY: production must not use the development key, which is public")
	}
	if c.LogLevel, err = loglevel.Parse(env("LOG_LEVEL", loglevel.Info)); err != nil {
		return c, fmt.Errorf("LOG_LEVEL: %q is none of %s", env("LOG_LEVEL", ""), strings.Join(loglevel.Levels, ", "))
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return c, fmt.Errorf("LOG_FORMAT: %q is neither text nor json", c.LogFormat)
	}
	if c.Captcha != "self-hosted" && c.Captcha != "off" {
		return c, fmt.Errorf("CAPTCHA: %q is neither self-hosted nor off", c.Captcha)
	}
	return c, nil
}

// parseLogoutRedirect checks the logout address every browser is sent to:
// an absolute https URL with a host and without user information (a
// password in it would reach every browser), or, outside production, http
// to a loopback host (a local identity provider in development). Anything
// else (javascript:, a relative path, a typo) would send users to the wrong
// place after logout, so the portal refuses to start with it. Empty is none.
func parseLogoutRedirect(raw string, production bool) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("%q is not a URL", raw)
	}
	if u.Host == "" || u.Hostname() == "" || u.Opaque != "" {
		return "", fmt.Errorf("%q is not an absolute URL with a host", raw)
	}
	if u.User != nil {
		return "", fmt.Errorf("%q carries user information; the address goes to every browser", raw)
	}
	switch u.Scheme {
	case "https":
		return u.String(), nil
	case "http":
		if !production && isLoopbackHost(u.Hostname()) {
			return u.String(), nil
		}
		return "", fmt.Errorf("%q is not https (http is taken only for a loopback host outside production)", raw)
	default:
		return "", fmt.Errorf("%q is not an https URL", raw)
	}
}

func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	addr, err := netip.ParseAddr(host)
	return err == nil && addr.IsLoopback()
}

func env(name, fallback string) string {
	if v, ok := os.LookupEnv(name); ok && v != "" {
		return v
	}
	return fallback
}

// envParsed reads a variable through parse, the fallback when it is unset;
// a value parse refuses is an error that names the variable and what it takes.
func envParsed[T any](name string, fallback T, parse func(string) (T, bool), takes string) (T, error) {
	v := env(name, "")
	if v == "" {
		return fallback, nil
	}
	x, ok := parse(v)
	if !ok {
		var zero T
		return zero, fmt.Errorf("%s: %q is not %s", name, v, takes)
	}
	return x, nil
}

func envBool(name string, fallback bool) (bool, error) {
	return envParsed(name, fallback, func(v string) (bool, bool) {
		b, err := strconv.ParseBool(v)
		return b, err == nil
	}, "true or false")
}

func envDuration(name string, fallback time.Duration) (time.Duration, error) {
	return envParsed(name, fallback, func(v string) (time.Duration, bool) {
		d, err := time.ParseDuration(v)
		return d, err == nil && d > 0
	}, "a positive duration such as 10s")
}

func envInt(name string, fallback int) (int, error) {
	return envParsed(name, fallback, func(v string) (int, bool) {
		n, err := strconv.Atoi(v)
		return n, err == nil && n > 0
	}, "a positive whole number")
}

// dbPoolSize is how many database connections this process keeps at most:
// four per core for the requests it serves (they wait on the database more
// than on the CPU), and when it runs the batch jobs one per carrier call in
// flight (each records its outcome) and two for the job runner and the
// schedules. PORTAL_DB_MAX_CONNS sets it outright, and so does
// pool_max_conns in DATABASE_URL (then 0: the URL decides). pgx's default,
// four per core, made 24,413 of 27,278 acquires wait under load.
func dbPoolSize(c config, serves, works bool, cores int) int32 {
	if c.DBMaxConns > 0 {
		return int32(c.DBMaxConns)
	}
	if strings.Contains(c.DatabaseURL, "pool_max_conns") {
		return 0
	}
	n := 0
	if serves {
		n += 4 * cores
	}
	if works {
		n += c.CarrierConcurrency + 2
	}
	return int32(max(n, 4))
}

// developmentKeyWarning is what the portal shouts at start when it seals
// credentials with the public development key; empty otherwise.
func developmentKeyWarning(c config) string {
	if c.CredentialsKey != secrets.DevelopmentKey {
		return ""
	}
	return "CREDENTIALS_KEY is not set: customer and tenant credentials are sealed with the PUBLIC DEVELOPMENT KEY. " +
		"Anyone with this source code can open them. Set CREDENTIALS_KEY (head -c 32 /dev/urandom | base64) " +
		"before storing real credentials; production refuses to start without one."
}
