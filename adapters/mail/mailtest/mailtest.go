// Package mailtest holds the contract of mail.Sender, run against SMTP
// (read back from Mailpit) and memory.Outbox alike.
package mailtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/mail"
)

// Delivered is one mail as a recipient's inbox shows it.
type Delivered struct {
	// ID is Mailpit's id of the message (its parts are read by it).
	ID          string
	Subject     string
	Text        string
	Attachments []DeliveredFile
}

// DeliveredFile is an attachment as Mailpit lists it.
type DeliveredFile struct {
	FileName    string
	ContentType string
	Size        int
	PartID      string
}

// Inbox reads the mails delivered to an address, waiting up to a few
// seconds for count of them.
type Inbox func(t *testing.T, address string, count int) []Delivered

func uniqueAddress(t *testing.T, name string) string {
	b := make([]byte, 5)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return name + "-" + hex.EncodeToString(b) + "@example.org"
}

// SenderContract checks that a sender delivers subject and text unchanged
// to every recipient, umlauts and long lines included, and that nothing a
// visitor typed into the subject adds a header.
func SenderContract(t *testing.T, sender mail.Sender, inbox Inbox) {
	ctx := context.Background()
	a, b := uniqueAddress(t, "anna"), uniqueAddress(t, "bert")
	text := "Grüße aus Köln,\nReason: " + strings.Repeat("ä long line ", 20) + "\nend"
	subject := "Anfrage: jürgen (DE10000001)"
	if err := sender.Send(ctx, mail.Message{To: []string{a, b}, Subject: subject, Text: text}); err != nil {
		t.Fatalf("Send: %v", err)
	}
	for _, address := range []string{a, b} {
		got := inbox(t, address, 1)
		if len(got) != 1 {
			t.Fatalf("%s received %d mails, want 1", address, len(got))
		}
		if got[0].Subject != subject || strings.TrimSpace(strings.ReplaceAll(got[0].Text, "\r\n", "\n")) != text {
			t.Fatalf("%s received %q / %q, want %q / %q", address, got[0].Subject, got[0].Text, subject, text)
		}
	}

	c := uniqueAddress(t, "carl")
	sneaky := "hello\r\nBcc: " + uniqueAddress(t, "eve")
	if err := sender.Send(ctx, mail.Message{To: []string{c}, Subject: sneaky, Text: "x"}); err != nil {
		t.Fatalf("Send with a line break in the subject: %v", err)
	}
	if got := inbox(t, c, 1); len(got) != 1 || strings.ContainsAny(got[0].Subject, "\r\n") {
		t.Fatalf("a line break in the subject must not start a header: %+v", got)
	}

	if err := sender.Send(ctx, mail.Message{To: []string{"not an address"}, Subject: "s", Text: "t"}); err == nil {
		t.Fatal("an invalid recipient must be refused")
	}
}

// Mailpit reads inboxes from Mailpit's JSON API at base (MAILPIT_URL), and
// deletes the mails it read when the test ends.
func Mailpit(base string) Inbox {
	return func(t *testing.T, address string, count int) []Delivered {
		t.Helper()
		deadline := time.Now().Add(15 * time.Second)
		for {
			var found struct {
				Messages []struct {
					ID string `json:"ID"`
				} `json:"messages"`
			}
			getJSON(t, base+"/api/v1/search?query="+url.QueryEscape(fmt.Sprintf("to:%q", address)), &found)
			if len(found.Messages) >= count || time.Now().After(deadline) {
				out := make([]Delivered, 0, len(found.Messages))
				// Mailpit lists the newest first.
				for i := len(found.Messages) - 1; i >= 0; i-- {
					id := found.Messages[i].ID
					var m Delivered
					getJSON(t, base+"/api/v1/message/"+id, &m)
					out = append(out, m)
					t.Cleanup(func() { deleteMessage(base, id) })
				}
				return out
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
}

func getJSON(t *testing.T, address string, into any) {
	t.Helper()
	rsp, err := http.Get(address)
	if err != nil {
		t.Fatalf("mailpit: %v", err)
	}
	defer rsp.Body.Close()
	if rsp.StatusCode != http.StatusOK {
		t.Fatalf("mailpit: GET %s = %s", address, rsp.Status)
	}
	if err := json.NewDecoder(rsp.Body).Decode(into); err != nil {
		t.Fatalf("mailpit: %v", err)
	}
}

func deleteMessage(base, id string) {
	req, _ := http.NewRequest(http.MethodDelete, base+"/api/v1/messages", strings.NewReader(fmt.Sprintf(`{"IDs":[%q]}`, id)))
	req.Header.Set("Content-Type", "application/json")
	if rsp, err := http.DefaultClient.Do(req); err == nil {
		_ = rsp.Body.Close()
	}
}
