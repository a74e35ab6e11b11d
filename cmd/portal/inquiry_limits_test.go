package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// post sends an inquiry body to the REST route, gzipped when asked, with
// the captcha answer in the X-Captcha-Token header when one is given.
func (p inquiryPortal) post(bearer, captchaToken string, body []byte, gzipped bool) (int, string) {
	p.t.Helper()
	req, _ := http.NewRequest("POST", p.srv.URL+"/web/api/parcel-inquiry", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if gzipped {
		req.Header.Set("Content-Encoding", "gzip")
	}
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	if captchaToken != "" {
		req.Header.Set("X-Captcha-Token", captchaToken)
	}
	rsp, err := p.srv.Client().Do(req)
	if err != nil {
		p.t.Error(err)
		return 0, ""
	}
	defer rsp.Body.Close()
	b := new(bytes.Buffer)
	_, _ = b.ReadFrom(rsp.Body)
	key := ""
	if rsp.StatusCode != http.StatusOK {
		key = answerKey(rsp, b.Bytes())
	}
	return rsp.StatusCode, key
}

// brokenBomb is the finding's body: about 31 KB of gzip that inflates to
// 32 MB of inquiry JSON (three attachments of 8 MB in base64), cut before
// its end, so that only the last read fails.
func brokenBomb(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	z, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	file := `{"fileName":"a.png","data":"` + strings.Repeat("A", 10_666_664) + `"}`
	fmt.Fprintf(z, `{"tenantId":1,"trackingNumber":"CP1DE","attachments":[%s,%s,%s],"reasonText":"`, file, file, file)
	_ = z.Close()
	return b.Bytes()[:b.Len()-12]
}

// The captcha answer of an anonymous inquiry travels in a header and is
// checked before the body is read: a broken gzip body without one is
// refused for the captcha, not for the body (before, the body was read and
// inflated whole first, and the answer came in it).
func TestAnonymousInquiryIsRefusedBeforeItsBodyIsRead(t *testing.T) {
	p := newInquiryPortal(t)
	bomb := brokenBomb(t)
	if status, key := p.post("", "", bomb, true); status != http.StatusBadRequest || key != "error.inquiry.invalidCaptcha" {
		t.Fatalf("without the header = %d %q", status, key)
	}
	if status, key := p.post("", "forged", bomb, true); status != http.StatusBadRequest || key != "error.inquiry.invalidCaptcha" {
		t.Fatalf("a forged answer = %d %q", status, key)
	}
	// The answer in the body (as before) no longer counts.
	sender := "s-" + randomHex(t) + "@example.org"
	inBody := inquiryBody(t, p.tenant, sender, map[string]any{"reCaptchaToken": solveCaptcha(t, registrationPortal{srv: p.srv})})
	if status, key := p.post("", "", []byte(inBody), false); key != "error.inquiry.invalidCaptcha" {
		t.Fatalf("the answer in the body = %d %q", status, key)
	}
	if status, key := p.post("", solveCaptcha(t, registrationPortal{srv: p.srv}), []byte(inquiryBody(t, p.tenant, sender, nil)), false); status != http.StatusOK {
		t.Fatalf("the answer in the header = %d %q", status, key)
	}
}

// A signed-in login files as many inquiries as an anonymous address may,
// then 429, whether it acts for a customer or for none; each files without
// a captcha. Before, logins filed without a limit, each mailing an address
// of their choosing.
func TestSignedInInquiriesAreThrottledPerLogin(t *testing.T) {
	p := newInquiryPortal(t)
	sender := "s-" + randomHex(t) + "@example.org"
	// A self-registered login acting for no customer (the wired bearers
	// share one login; the use case's test tells logins apart).
	for _, bearer := range []string{p.as("ROLE_USER", 0)} {
		for i := range inquiriesPerLogin {
			if status, key := p.post(bearer, "", []byte(inquiryBody(t, p.tenant, sender, nil)), false); status != http.StatusOK {
				t.Fatalf("%s, inquiry %d = %d %q", bearer, i+1, status, key)
			}
		}
		if status, key := p.post(bearer, "", []byte(inquiryBody(t, p.tenant, sender, nil)), false); status != http.StatusTooManyRequests || key != "error.inquiry.tooManyRequests" {
			t.Fatalf("%s, one more = %d %q", bearer, status, key)
		}
	}
}

// memoryWatch samples the process's resident set and live heap until
// stopped and answers their peaks above where they stood at the start.
type memoryWatch struct {
	stop           chan struct{}
	done           chan struct{}
	rss0, heap0    uint64
	peakRSS, peakH uint64
}

func watchMemory() *memoryWatch {
	runtime.GC()
	w := &memoryWatch{stop: make(chan struct{}), done: make(chan struct{}), rss0: residentSet()}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	w.heap0 = ms.HeapInuse
	go func() {
		defer close(w.done)
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			w.peakH, w.peakRSS = max(w.peakH, ms.HeapInuse), max(w.peakRSS, residentSet())
			select {
			case <-w.stop:
				return
			case <-tick.C:
			}
		}
	}()
	return w
}

// growth stops the watch and answers the peaks' growth in MB.
func (w *memoryWatch) growth() (rss, heap float64) {
	close(w.stop)
	<-w.done
	mb := func(peak, start uint64) float64 {
		if peak < start {
			return 0
		}
		return float64(peak-start) / (1 << 20)
	}
	return mb(w.peakRSS, w.rss0), mb(w.peakH, w.heap0)
}

// residentSet is the process's resident set (VmRSS) in bytes.
func residentSet() uint64 {
	b, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// The finding, measured: twenty parallel anonymous 31 KB gzip bodies that
// inflate to 32 MB each and break at their end. Before, each was read and
// inflated whole (the portal grew from 88 MB to 1.79 GB, 22-25 s each);
// now those without a captcha answer are refused before a byte is read,
// and those with one (the attacker did the proof of work for each) are
// read one at a time, ten per client address. The portal grows by less
// than 100 MB and keeps answering another visitor meanwhile.
func TestAnonymousInquiryFloodKeepsThePortalSmall(t *testing.T) {
	p := newInquiryPortal(t)
	bomb := brokenBomb(t)
	answers := make([]string, 20)
	for i := range answers {
		answers[i] = solveCaptcha(t, registrationPortal{srv: p.srv})
	}
	for _, round := range []struct {
		name    string
		answers []string
	}{{"without captcha", make([]string, 20)}, {"with solved captchas", answers}} {
		// Each round starts with the address's count afresh.
		if _, err := p.db.pool.Exec(context.Background(), `DELETE FROM throttle_attempt`); err != nil {
			t.Fatal(err)
		}
		w := watchMemory()
		start := time.Now()
		var wg sync.WaitGroup
		var slowest atomic.Int64
		statuses := make([]string, len(round.answers))
		for i, answer := range round.answers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				began := time.Now()
				status, key := p.post("", answer, bomb, true)
				statuses[i] = strconv.Itoa(status) + " " + key
				for took := int64(time.Since(began)); ; {
					old := slowest.Load()
					if took <= old || slowest.CompareAndSwap(old, took) {
						break
					}
				}
			}()
		}
		// Another visitor is answered while the flood is read.
		time.Sleep(50 * time.Millisecond)
		began := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		req, _ := http.NewRequestWithContext(ctx, "GET", p.srv.URL+"/web/api/parcel-inquiry/tenants/"+strconv.FormatInt(p.tenant, 10), nil)
		rsp, err := p.srv.Client().Do(req)
		cancel()
		if err != nil || rsp.StatusCode != http.StatusOK {
			t.Errorf("%s: another visitor = %v %v", round.name, rsp, err)
		} else {
			_ = rsp.Body.Close()
		}
		other := time.Since(began)
		wg.Wait()
		rss, heap := w.growth()
		t.Logf("%s: 20 parallel broken gzip bodies in %v (slowest %v); RSS grew %.0f MB, live heap %.0f MB; another visitor answered in %v; answers %v",
			round.name, time.Since(start).Round(time.Millisecond), time.Duration(slowest.Load()).Round(time.Millisecond), rss, heap, other.Round(time.Millisecond), statuses)
		if rss >= 100 || heap >= 100 {
			t.Errorf("%s: the portal grew by %.0f MB (RSS), %.0f MB (heap); want under 100", round.name, rss, heap)
		}
		for _, s := range statuses {
			if strings.HasPrefix(s, "200") {
				t.Errorf("%s: a broken body was filed: %v", round.name, statuses)
			}
		}
	}
}
