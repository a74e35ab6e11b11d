// Package mail sends the portal's e-mails over SMTP.
package mail

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"strings"
	"time"
)

// Probe checks that the SMTP server greets.
type Probe struct {
	Addr string
	// Timeout bounds the whole check, also when the caller's context has
	// no deadline; zero means DefaultProbeTimeout.
	Timeout time.Duration
}

// DefaultProbeTimeout bounds a probe whose Timeout is zero.
const DefaultProbeTimeout = 3 * time.Second

// Check connects, reads the 220 greeting and says goodbye, within the
// probe's timeout or the context's deadline, whichever comes first: a
// server that accepts and never greets cannot hold it.
func (p Probe) Check(ctx context.Context) error {
	timeout := p.Timeout
	if timeout <= 0 {
		timeout = DefaultProbeTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", p.Addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	deadline, _ := ctx.Deadline()
	_ = conn.SetDeadline(deadline)
	greeting, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		return fmt.Errorf("read smtp greeting: %w", err)
	}
	if !strings.HasPrefix(greeting, "220") {
		return fmt.Errorf("unexpected smtp greeting %q", strings.TrimSpace(greeting))
	}
	_, _ = conn.Write([]byte("QUIT\r\n"))
	return nil
}
