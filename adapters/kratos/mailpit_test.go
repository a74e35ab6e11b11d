package kratos_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"

	"parcelportal/app/identity/identitytest"
)

// mailWait bounds how long a test waits for Kratos' courier, which polls
// its queue every 200 ms in dev/kratos/kratos.yml.
const mailWait = 15 * time.Second

// mailpit reads the mails Kratos sent from Mailpit's JSON API and deletes
// them when the test ends.
type mailpit struct {
	url string
	t   *testing.T

	mu      sync.Mutex
	read    map[string]bool // message ids NextMail returned
	watched map[string]bool // addresses whose mails are deleted at the end
}

func newMailpit(t *testing.T, url string) *mailpit {
	return &mailpit{url: url, t: t, read: map[string]bool{}, watched: map[string]bool{}}
}

type mailpitSummary struct {
	ID string `json:"ID"`
}

// next waits for the oldest mail to email that it has not returned yet.
func (m *mailpit) next(t *testing.T, email string) identitytest.Mail {
	t.Helper()
	deadline := time.Now().Add(mailWait)
	for {
		found := m.search(t, email)
		// Mailpit lists the newest first.
		for i := len(found) - 1; i >= 0; i-- {
			if id := found[i].ID; m.markRead(id) {
				return m.message(t, id)
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no new mail to %s in Mailpit within %s (is Kratos running with --watch-courier?)", email, mailWait)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// count is how many mails to email Mailpit holds now.
func (m *mailpit) count(t *testing.T, email string) int {
	t.Helper()
	return len(m.search(t, email))
}

func (m *mailpit) markRead(id string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.read[id] {
		return false
	}
	m.read[id] = true
	return true
}

func (m *mailpit) search(t *testing.T, email string) []mailpitSummary {
	t.Helper()
	m.watch(email)
	var found struct {
		Messages []mailpitSummary `json:"messages"`
	}
	m.call(t, http.MethodGet, "/api/v1/search?query="+url.QueryEscape(fmt.Sprintf("to:%q", email)), &found)
	return found.Messages
}

func (m *mailpit) message(t *testing.T, id string) identitytest.Mail {
	t.Helper()
	var msg struct {
		Subject string `json:"Subject"`
		Text    string `json:"Text"`
	}
	m.call(t, http.MethodGet, "/api/v1/message/"+url.PathEscape(id), &msg)
	return identitytest.Mail{Subject: msg.Subject, Text: msg.Text}
}

// watch deletes the address's mails when the test ends.
func (m *mailpit) watch(email string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.watched[email] {
		return
	}
	m.watched[email] = true
	m.t.Cleanup(func() {
		m.call(m.t, http.MethodDelete, "/api/v1/search?query="+url.QueryEscape(fmt.Sprintf("to:%q", email)), nil)
	})
}

func (m *mailpit) call(t *testing.T, method, path string, out any) {
	t.Helper()
	// Not t.Context(): it is cancelled before the cleanup that deletes mails.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, m.url+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	rsp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("mailpit: %v", err)
	}
	defer rsp.Body.Close()
	if rsp.StatusCode != http.StatusOK {
		t.Fatalf("mailpit: %s %s: HTTP %d", method, path, rsp.StatusCode)
	}
	if out != nil {
		if err := json.NewDecoder(rsp.Body).Decode(out); err != nil {
			t.Fatalf("mailpit: %s: %v", path, err)
		}
	}
}
