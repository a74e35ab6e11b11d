package mail

import (
	"context"
	"strings"
	"testing"
	"time"

	"parcelportal/app/manifests"
	"parcelportal/core/batch"
)

type recorder struct{ sent []Message }

func (r *recorder) Send(_ context.Context, m Message) error { r.sent = append(r.sent, m); return nil }

func TestManifestMailInEveryLanguage(t *testing.T) {
	run := manifests.Run{CustomerName: "Bäckerei", CRMID: "NL10000003", Slot: time.Date(2026, 11, 26, 16, 30, 0, 0, time.UTC),
		Batches: []manifests.RunBatch{
			{ID: 7, Status: batch.ManifestCreated, ManifestType: "MANIFEST_TO_CARIER", Number: "MF1", Document: []byte("%PDF-1")},
			{ID: 8, Status: batch.ErrorManifest},
		}}
	seen := map[string]bool{}
	for _, lang := range []string{"de", "en", "es", "it", "nl"} {
		r := &recorder{}
		err := ManifestMails{Sender: r, BaseURL: "https://portal.example/"}.ManifestMail(context.Background(),
			manifests.Mail{To: []string{"a@example.org"}, Language: lang, Success: false, Run: run, Zone: "Europe/Amsterdam"})
		if err != nil || len(r.sent) != 1 {
			t.Fatalf("%s: %v", lang, err)
		}
		m := r.sent[0]
		if seen[m.Subject] || !strings.Contains(m.Subject, "Bäckerei (NL10000003)") || !strings.Contains(m.Subject, "26.11.2026 17:30 CET") {
			t.Errorf("%s subject %q", lang, m.Subject)
		}
		seen[m.Subject] = true
		if !strings.Contains(m.Text, "- MF1 MANIFEST_TO_CARIER: ") || !strings.Contains(m.Text, "https://portal.example/batch/7") ||
			!strings.Contains(m.Text, "- #8: ") || len(m.Attachments) != 1 || m.Attachments[0].Name != "manifest-7-20261126-1730.pdf" {
			t.Errorf("%s text %q, %d attachments", lang, m.Text, len(m.Attachments))
		}
	}
	// Staff read the language of the CRM id's country.
	r := &recorder{}
	_ = ManifestMails{Sender: r}.ManifestMail(context.Background(), manifests.Mail{Staff: true, Language: "en", Success: true, Run: run, Zone: "Europe/Amsterdam"})
	if !strings.HasPrefix(r.sent[0].Subject, "Manifesten van") {
		t.Errorf("staff subject %q", r.sent[0].Subject)
	}
}
