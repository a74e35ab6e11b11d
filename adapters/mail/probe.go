// Package mail sends the portal's e-mails over SMTP.
package mail

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"strings"
)

// Probe checks that the SMTP server greets.
type Probe struct{ Addr string }

// Check connects, reads the 220 greeting and says goodbye.
func (p Probe) Check(ctx context.Context) error {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", p.Addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	if deadline, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(deadline)
	}
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
