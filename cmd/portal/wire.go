package main

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/captcha"
	"parcelportal/adapters/carrier"
	"parcelportal/adapters/credcheck"
	"parcelportal/adapters/htmlsafe"
	"parcelportal/adapters/jobs"
	"parcelportal/adapters/kratos"
	"parcelportal/adapters/mail"
	"parcelportal/adapters/pdf"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/probes"
	"parcelportal/adapters/progress"
	"parcelportal/adapters/rpc"
	"parcelportal/adapters/secrets"
	"parcelportal/adapters/sessions"
	"parcelportal/adapters/sheet"
	"parcelportal/app/addresses"
	"parcelportal/app/batchjob"
	"parcelportal/app/customers"
	"parcelportal/app/customsdocs"
	"parcelportal/app/dashboards"
	"parcelportal/app/documents"
	"parcelportal/app/gate"
	"parcelportal/app/identity"
	"parcelportal/app/invoicereports"
	"parcelportal/app/management"
	"parcelportal/app/news"
	"parcelportal/app/organisations"
	"parcelportal/app/trackingsearch"
	"parcelportal/app/userdata"
	"parcelportal/core/organisation"
	"parcelportal/core/profile"
)

// Sign-in throttling: attempts counted over a quarter of an hour; an office
// behind one address gets more room than one login. Wrong second-factor
// codes of one login count apart from its passwords, over all its pending
// sign-ins (each of which also ends after identity.MaxCodeAttempts).
const (
	throttleWindow        = 15 * time.Minute
	throttlePerLogin      = 5
	throttlePerAddress    = 50
	throttleCodesPerLogin = 10
	// Reset mails: a few per address asked for, more per client address,
	// over the same window.
	resetsPerEmail   = 3
	resetsPerAddress = 10
	// Mails to an owner whose login or address someone tried to register again.
	attemptMailsPerOwner = 3
	// Even answer times (issue 22): a wrong password answers no sooner
	// than this after it came. Kratos answers an unknown login after a
	// random pause of up to hashers.argon2.expected_duration plus
	// expected_deviation (1 s by default; argon2's figures even when bcrypt
	// hashes), a known one after a bcrypt comparison (about 0.1 s here):
	// the floor lies above both.
	signInFailureFloor = 1200 * time.Millisecond
	// A registration answers no sooner than this: a taken login (mails to
	// its owner, about 10 ms here) as late as a fresh one (an identity, a
	// request and two mails, 100 to 300 ms here).
	registrationFloor = 800 * time.Millisecond
	// The disk is DOWN below 100 MB free: uploads and logs would fail next.
	minFreeDisk = 100 << 20
)

// identityOf is the identity use cases over Kratos and Postgres, with the
// portal's throttles and mails.
func identityOf(cfg config, pool *pgxpool.Pool, provider *kratos.Provider, captchaPort identity.Captcha) identity.Service {
	return identity.Service{
		Sessions: provider, SecondFactor: provider, Directory: provider, Mailbox: provider,
		MFA:   postgres.MFAState{Pool: pool},
		Audit: postgres.AuditLog{Pool: pool},
		Throttle: postgres.Throttle{Pool: pool, Window: throttleWindow, Limits: map[string]int{
			"login:": throttlePerLogin, "addr:": throttlePerAddress, "mfa:": throttleCodesPerLogin,
			identity.ResetEmailKey: resetsPerEmail, identity.ResetAddrKey: resetsPerAddress,
			identity.AttemptMailKey: attemptMailsPerOwner}},
		Captcha:  captchaPort,
		Links:    postgres.UserLinks{Pool: pool},
		Requests: postgres.RegistrationRequests{Pool: pool},
		Notices:  mail.Notices{Sender: mail.SMTP{Addr: cfg.SMTPAddr, From: cfg.MailFrom}, BaseURL: cfg.BaseURL},

		MFAEnabled:         cfg.MFAEnabled,
		SignInFailureFloor: signInFailureFloor,
		RegistrationFloor:  registrationFloor,
	}
}

// handlers wires every use case to its adapters; side is how the carrier is
// reached and queue takes the batch jobs.
func handlers(cfg config, pool *pgxpool.Pool, sealer *secrets.Box, side carrierSide, queue batchjob.Queue, ops operations) (rpc.Handlers, error) {
	provider := kratosOf(cfg)
	captchaPort, issuer, err := captchaOf(cfg, pool)
	if err != nil {
		return rpc.Handlers{}, err
	}
	ids := identityOf(cfg, pool, provider, captchaPort)
	siteKey := ""
	if issuer != nil {
		siteKey = "self-hosted"
	}
	tside := trackingOf(cfg)
	queries := management.Queries{
		Settings: profile.Settings{
			Environment: cfg.Environment, Production: cfg.Production,
			SwaggerEnabled: cfg.SwaggerEnabled, RecaptchaSiteKey: siteKey,
			LogoutRedirectURL: cfg.LogoutRedirectURL,
		},
		Build:    buildOf(version, buildDate),
		Catalogs: postgres.Catalog{Pool: pool},
		Probes: map[string]management.Probe{
			"db":       postgres.Probe{Pool: pool},
			"redis":    jobs.NewProbe(cfg.RedisAddr),
			"kratos":   kratos.Probe{AdminURL: cfg.KratosAdminURL},
			"mail":     mail.Probe{Addr: cfg.SMTPAddr},
			"carrier":  side.probe,
			"tracking": tside.probe,
			"disk":     probes.Disk{Path: ".", MinFree: minFreeDisk},
		},
		// A flood of health calls asks the dependencies once a second.
		HealthMemo: &management.HealthMemo{TTL: time.Second},
		// Readiness: what no request can be served without.
		Ready:         []string{"db", "redis", "disk"},
		ReadyMemo:     &management.HealthMemo{TTL: time.Second},
		Metrics:       ops.metrics,
		Goroutines:    goroutineDump{},
		Loggers:       ops.logs,
		Configuration: configView{cfg: cfg},
		Audits:        postgres.AuditLog{Pool: pool},
	}
	// Refused in production by the use case (PORTAL_PRODUCTION).
	if queries.Database, err = consoleOf(cfg); err != nil {
		return rpc.Handlers{}, err
	}
	checks := credcheck.Client{CarrierURL: side.checkURL, TrackingURL: tside.checkURL, HTTP: tside.checkClient(side.checkHTTP)}
	customerStore := postgres.Customers{Pool: pool, Sealer: sealer}
	customers := customersOf(pool, customerStore, checks)
	customers.Carriers = carrier.CarrierList{BaseURL: side.checkURL, HTTP: side.checkHTTP}
	documents := documents.Service{Docs: postgres.Docs{Pool: pool}, Acsses: postgres.Acsses{Pool: pool}, Legal: postgres.LegalPages{Pool: pool}}
	organisations := organisationOf(pool, sealer, checks)
	batchService := batchesOf(pool, customerStore, queue)
	batchService.Uploads = gate.New(cfg.UploadsAtOnce)
	if cfg.BatchProgressStream {
		// Changes the workers announce, in this process or another.
		batchService.Progress = progress.New(cfg.RedisAddr, cfg.JobQueue, ops.logs.Logger(logRPC))
	}
	reportService := reportsOf(pool, customerStore)
	parcelService := parcelsOf(pool, customerStore, side)
	inquiries := inquiriesOf(cfg, pool, sealer, captchaPort, queue)
	trackingService := trackingsearch.Service{Tracking: tside.client, Customers: customerStore, Staff: tside.staff, Sheets: sheet.Writer{}, Inquiries: inquiries}
	return rpc.Handlers{
		Management: rpc.ManagementHandler{Queries: queries},
		Account:    rpc.AccountHandler{Identity: ids},
		Users:      rpc.UserHandler{Identity: ids},
		UserData: rpc.UserDataHandler{UserData: userdata.Service{
			Store: postgres.UserData{Pool: pool}, Users: provider, Requests: postgres.RegistrationRequests{Pool: pool},
		}},
		Customers:   rpc.CustomerHandler{Customers: customers},
		Captcha:     rpc.CaptchaHandler{Issuer: issuer},
		Tenants:     rpc.TenantHandler{Organisation: organisations},
		Fulfillers:  rpc.FulfillmentHandler{Organisation: organisations},
		Documents:   rpc.DocumentHandler{Documents: documents},
		Acss:        rpc.AcssHandler{Documents: documents},
		News:        rpc.NewsHandler{News: news.Service{Store: postgres.News{Pool: pool}, Sanitizer: htmlsafe.New()}},
		Invoicing:   rpc.InvoiceReportHandler{Reports: invoicereports.Service{Counts: postgres.InvoiceCounts{Pool: pool}}},
		Batches:     rpc.BatchHandler{Batches: batchService, Off: !cfg.BatchProgressStream},
		Shipments:   rpc.ShipmentHandler{Batches: batchService},
		Reports:     rpc.ReportHandler{Reports: reportService},
		Manifests:   rpc.ManifestHandler{Manifests: manifestsOf(cfg, pool, customerStore, queue)},
		Tracking:    rpc.TrackingHandler{Tracking: trackingService},
		Dashboard:   rpc.DashboardHandler{Dashboard: dashboards.Service{Counts: postgres.DashboardCounts{Pool: pool}, Tracking: trackingService}},
		Parcels:     rpc.ParcelHandler{Parcels: parcelService},
		AddressBook: rpc.AddressBookHandler{AddressBook: addresses.Service{Entries: postgres.AddressBook{Pool: pool}}},
		Printers:    rpc.PrinterHandler{Printers: printersOf(cfg, pool, printableLabels{batchService, reportService, parcelService})},
		Webhooks:    rpc.WebhookHandler{Webhooks: webhooksOf(cfg, pool, sealer, queue, provider)},
		CustomsDocs: rpc.CustomsDocumentHandler{CustomsDocs: customsdocs.Service{Store: postgres.CustomsDocuments{Pool: pool}}},
		Inquiries:   rpc.InquiryHandler{Inquiries: inquiries},
		Callers:     ids,
		Proxies:     cfg.TrustedProxies,
		Downloads:   downloadTokensOf(pool),
		Observer:    ops.metrics,
		Sessions:    sessions.New(cfg.RedisAddr, cfg.JobQueue),
		Audit:       postgres.AuditLog{Pool: pool},
		Log:         ops.logs.Logger(logRPC),
		Reflection:  cfg.GRPCReflection,

		ReportDetails: rpc.ReportDetailsHandler{Details: reportDetailsOf(pool)},
	}, nil
}

// customersOf wires the customer use cases: the customer table, the batch
// tables that tell whether a customer has shipping history, and the
// credential checks.
func customersOf(pool *pgxpool.Pool, store postgres.Customers, checks customers.CredentialChecker) customers.Service {
	return customers.Service{
		Store:   store,
		History: postgres.Batches{Pool: pool},
		Checker: checks,
		Terms:   pdf.Terms{},
	}
}

// organisationOf wires tenants (carrier logins sealed with the customers'
// sealer, checked through the simulators' credential check) and fulfillments.
func organisationOf(pool *pgxpool.Pool, sealer *secrets.Box, checks credcheck.Client) organisations.Service {
	return organisations.Service{
		Tenants:      postgres.Tenants{Pool: pool, Sealer: sealer},
		Fulfillments: postgres.Fulfillments{Pool: pool},
		Checker:      tenantChecks{checks},
	}
}

// tenantChecks checks a tenant's a1 or grp login like the customer form's.
type tenantChecks struct{ client credcheck.Client }

// CheckCredentials asks the carrier about the login.
func (c tenantChecks) CheckCredentials(ctx context.Context, t organisation.CredentialType, cr organisation.Credentials) (bool, error) {
	return c.client.Check(ctx, customers.CredentialCheck{Target: string(t), Username: cr.Username, Password: cr.Password, APIKey: cr.APIKey})
}

// captchaKey signs the captcha's challenges: CAPTCHA_SECRET, else a key
// derived from the credentials key, which every process of an installation
// shares already. A random key per process (as before) made a challenge
// issued by one portal behind a load balancer fail on the other (issue 16).
func captchaKey(cfg config) []byte {
	if cfg.CaptchaSecret != "" {
		return []byte(cfg.CaptchaSecret)
	}
	mac := hmac.New(sha256.New, []byte(cfg.CredentialsKey))
	mac.Write([]byte("parcelportal captcha challenges v1"))
	return mac.Sum(nil)
}

// captchaOf builds the captcha the configuration asks for.
func captchaOf(cfg config, pool *pgxpool.Pool) (identity.Captcha, rpc.ChallengeIssuer, error) {
	if cfg.Captcha == "off" {
		return captcha.Off{}, nil, nil
	}
	key := captchaKey(cfg)
	pow := captcha.ProofOfWork{Key: key, Answers: postgres.CaptchaAnswers{Pool: pool}, MaxNumber: captcha.DefaultMaxNumber, TTL: captcha.DefaultTTL}
	return pow, pow, nil
}

// consoleRole is the database console's role (CONSOLE_DATABASE_URL's
// user), which main grants SELECT at start; "" without a console.
func consoleRole(cfg config) string {
	if cfg.ConsoleDatabaseURL == "" || cfg.Production {
		return ""
	}
	c, err := pgxpool.ParseConfig(cfg.ConsoleDatabaseURL)
	if err != nil {
		return ""
	}
	return c.ConnConfig.User
}

// consoleOf is the database console on its own pool and role; nil (no
// console) without CONSOLE_DATABASE_URL and in production. The pool
// connects when a statement runs; each statement's connection is closed
// after it.
func consoleOf(cfg config) (management.DatabaseConsole, error) {
	if consoleRole(cfg) == "" {
		return nil, nil
	}
	c, err := pgxpool.ParseConfig(cfg.ConsoleDatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("CONSOLE_DATABASE_URL: %w", err)
	}
	c.MaxConns = 4
	pool, err := pgxpool.NewWithConfig(context.Background(), c)
	if err != nil {
		return nil, fmt.Errorf("CONSOLE_DATABASE_URL: %w", err)
	}
	return postgres.DatabaseConsole{Pool: pool}, nil
}

// kratosOf is the identity provider's client.
func kratosOf(cfg config) *kratos.Provider {
	return kratos.New(kratos.Config{
		PublicURL: cfg.KratosPublicURL, AdminURL: cfg.KratosAdminURL, PortalURL: cfg.BaseURL, Timeout: cfg.KratosTimeout,
	})
}
