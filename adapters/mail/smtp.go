package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"strings"
	"time"
)

// Message is one plain-text mail.
type Message struct {
	To      []string
	Subject string
	Text    string
}

// Sender delivers messages: SMTP here, memory.Outbox in app tests. Both
// pass mailtest.SenderContract.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// sendTimeout bounds one delivery when the caller's context has no deadline.
const sendTimeout = 10 * time.Second

// SMTP sends over an SMTP relay without authentication (the local relay or
// Mailpit); From is the sender, such as `Parcel Portal <no-reply@example.org>`.
type SMTP struct {
	Addr string
	From string
}

// Send delivers the message to every recipient in one transaction.
func (s SMTP) Send(ctx context.Context, m Message) error {
	if len(m.To) == 0 {
		return nil
	}
	from, err := mail.ParseAddress(s.From)
	if err != nil {
		return fmt.Errorf("mail: sender %q: %w", s.From, err)
	}
	to := make([]string, len(m.To))
	for i, address := range m.To {
		a, err := mail.ParseAddress(address)
		if err != nil {
			return fmt.Errorf("mail: recipient %q: %w", address, err)
		}
		to[i] = a.Address
	}
	body, err := compose(from, to, m)
	if err != nil {
		return err
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, sendTimeout)
		defer cancel()
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", s.Addr)
	if err != nil {
		return fmt.Errorf("mail: connect: %w", err)
	}
	deadline, _ := ctx.Deadline()
	_ = conn.SetDeadline(deadline)
	host, _, _ := net.SplitHostPort(s.Addr)
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		_ = conn.Close()
		return fmt.Errorf("mail: greeting: %w", err)
	}
	defer c.Close()
	if err := c.Mail(from.Address); err != nil {
		return fmt.Errorf("mail: MAIL FROM: %w", err)
	}
	for _, address := range to {
		if err := c.Rcpt(address); err != nil {
			return fmt.Errorf("mail: RCPT TO %s: %w", address, err)
		}
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("mail: DATA: %w", err)
	}
	if _, err := w.Write(body); err != nil {
		return fmt.Errorf("mail: write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("mail: end of data: %w", err)
	}
	return c.Quit()
}

// compose writes the headers and the quoted-printable UTF-8 text. Every
// header value is encoded, so nothing a visitor typed can add a header.
func compose(from *mail.Address, to []string, m Message) ([]byte, error) {
	var b bytes.Buffer
	id := make([]byte, 12)
	_, _ = rand.Read(id)
	domain := "parcel-portal.local"
	if at := strings.LastIndexByte(from.Address, '@'); at >= 0 {
		domain = from.Address[at+1:]
	}
	fmt.Fprintf(&b, "From: %s\r\n", from.String())
	fmt.Fprintf(&b, "To: %s\r\n", strings.Join(to, ", "))
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", strings.Join(strings.Fields(m.Subject), " ")))
	fmt.Fprintf(&b, "Date: %s\r\n", time.Now().Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@%s>\r\n", hex.EncodeToString(id), domain)
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
	qp := quotedprintable.NewWriter(&b)
	if _, err := qp.Write([]byte(strings.ReplaceAll(m.Text, "\n", "\r\n"))); err != nil {
		return nil, err
	}
	if err := qp.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
