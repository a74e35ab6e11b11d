package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"strings"
	"time"
)

// Message is one plain-text mail, with files attached when it has any.
type Message struct {
	To          []string
	Subject     string
	Text        string
	Attachments []Attachment
}

// Attachment is a file sent with a mail.
type Attachment struct {
	Name        string
	ContentType string
	Data        []byte
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
	b.WriteString("MIME-Version: 1.0\r\n")
	if len(m.Attachments) == 0 {
		b.WriteString("Content-Type: " + textType + "\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n")
		if err := writeText(&b, m.Text); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	}
	mw := multipart.NewWriter(&b)
	fmt.Fprintf(&b, "Content-Type: multipart/mixed; boundary=%q\r\n\r\n", mw.Boundary())
	part, err := mw.CreatePart(textproto.MIMEHeader{"Content-Type": {textType}, "Content-Transfer-Encoding": {"quoted-printable"}})
	if err != nil {
		return nil, err
	}
	if err := writeText(part, m.Text); err != nil {
		return nil, err
	}
	for _, a := range m.Attachments {
		h := textproto.MIMEHeader{}
		h.Set("Content-Type", a.ContentType)
		h.Set("Content-Transfer-Encoding", "base64")
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": a.Name}))
		w, err := mw.CreatePart(h)
		if err != nil {
			return nil, err
		}
		enc := base64.StdEncoding.EncodeToString(a.Data)
		for len(enc) > 76 {
			if _, err := io.WriteString(w, enc[:76]+"\r\n"); err != nil {
				return nil, err
			}
			enc = enc[76:]
		}
		if _, err := io.WriteString(w, enc+"\r\n"); err != nil {
			return nil, err
		}
	}
	if err := mw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

const textType = "text/plain; charset=utf-8"

// writeText writes the text quoted-printable, with CRLF line ends.
func writeText(w io.Writer, text string) error {
	qp := quotedprintable.NewWriter(w)
	if _, err := qp.Write([]byte(strings.ReplaceAll(text, "\n", "\r\n"))); err != nil {
		return err
	}
	return qp.Close()
}
