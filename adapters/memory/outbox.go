package memory

import (
	"context"
	"fmt"
	"net/mail"
	"strings"
	"sync"

	portalmail "parcelportal/adapters/mail"
)

// Outbox keeps sent mails in memory, for app tests; it passes the same
// contract as the SMTP sender (mailtest.SenderContract).
type Outbox struct {
	mu   sync.Mutex
	sent []portalmail.Message
}

// Send records the message once per recipient, as an SMTP relay delivers it.
func (o *Outbox) Send(_ context.Context, m portalmail.Message) error {
	for _, to := range m.To {
		if _, err := mail.ParseAddress(to); err != nil {
			return fmt.Errorf("mail: recipient %q: %w", to, err)
		}
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	m.Subject = strings.Join(strings.Fields(m.Subject), " ")
	m.To = append([]string(nil), m.To...)
	o.sent = append(o.sent, m)
	return nil
}

// To returns the mails sent to the address, oldest first.
func (o *Outbox) To(address string) []portalmail.Message {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []portalmail.Message
	for _, m := range o.sent {
		for _, to := range m.To {
			if strings.EqualFold(to, address) {
				out = append(out, m)
			}
		}
	}
	return out
}
