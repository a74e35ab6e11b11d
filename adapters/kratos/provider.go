package kratos

import (
	"net/http"
	"strings"
	"time"

	ory "github.com/ory/kratos-client-go"
	"golang.org/x/crypto/bcrypt"
)

// Config says where Kratos and the portal are.
type Config struct {
	// PublicURL is Kratos' public API, e.g. http://127.0.0.1:4433.
	PublicURL string
	// AdminURL is Kratos' admin API, e.g. http://127.0.0.1:4434.
	AdminURL string
	// PortalURL is the portal's base URL, e.g. http://127.0.0.1:8080: the
	// activation and reset mails link there, never to Kratos.
	PortalURL string
	// HTTPClient defaults to a client of its own; without a timeout of its
	// own it gets Timeout. Calls also end with their context.
	HTTPClient *http.Client
	// Timeout bounds every call to Kratos (DefaultTimeout when 0): an outage
	// must end a request with a clear error, not hang it.
	Timeout time.Duration
	// PasswordCost is the bcrypt cost of the passwords the portal sets; 0
	// means bcrypt.DefaultCost. Tests lower it to stay fast.
	PasswordCost int
}

// DefaultTimeout bounds a call to Kratos when the configuration does not.
const DefaultTimeout = 10 * time.Second

// Provider is the portal's identity provider on Ory Kratos. It implements
// identity.Sessions, SecondFactor, Directory and Mailbox from app/identity
// and passes app/identity/identitytest, like the fake in adapters/memory.
//
// It needs two settings in Kratos (dev/kratos/kratos.yml):
// session.whoami.required_aal aal1, so that a session which still owes its
// second factor names its identity; and the courier templates in
// dev/kratos/mail-templates, which write the portal's links.
type Provider struct {
	public, admin *ory.APIClient
	portalURL     string
	passwordCost  int
	// ready checks Kratos' readiness (its database included) before a
	// whoami's 401 is believed.
	ready Probe
}

// New returns a provider speaking to the Kratos of cfg.
func New(cfg Config) *Provider {
	cost := cfg.PasswordCost
	if cost == 0 {
		cost = bcrypt.DefaultCost
	}
	client := boundedClient(cfg.HTTPClient, cfg.Timeout)
	return &Provider{
		public:       apiClient(cfg.PublicURL, client),
		admin:        apiClient(cfg.AdminURL, client),
		portalURL:    strings.TrimSuffix(cfg.PortalURL, "/"),
		passwordCost: cost,
		ready:        Probe{AdminURL: cfg.AdminURL, Client: client},
	}
}

// NewAdmin returns a provider for tools that use only the admin API, such as
// cmd/seed: its Directory and EnsureUser work, its other ports do not.
func NewAdmin(adminURL string, client *http.Client) *Provider {
	return New(Config{AdminURL: adminURL, HTTPClient: client})
}

// boundedClient is client (or a new one) with a timeout: timeout, or
// DefaultTimeout. A client that has a timeout keeps it.
func boundedClient(client *http.Client, timeout time.Duration) *http.Client {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	if client == nil {
		client = &http.Client{}
	}
	bounded := *client
	if bounded.Timeout == 0 {
		bounded.Timeout = timeout
	}
	return &bounded
}

func apiClient(url string, client *http.Client) *ory.APIClient {
	cfg := ory.NewConfiguration()
	cfg.Servers = ory.ServerConfigurations{{URL: url}}
	cfg.HTTPClient = client
	return ory.NewAPIClient(cfg)
}
