package batchjob_test

import (
	"context"
	"fmt"
	"sync"
	"time"

	"parcelportal/app/batchjob"
	"parcelportal/core/carrier"
)

// fakeCarrier is a carrier that counts what it made per reference and can
// be told to refuse, to be away, or to lose its answer after labelling.
type fakeCarrier struct {
	mu       sync.Mutex
	latency  time.Duration
	next     int
	labels   map[string]carrier.Label // by reference, the last made
	made     map[string]int           // labels made per reference
	voided   map[string]int           // cancels per identifier
	manifest []manifestCall
	calls    map[string]int

	// user is the only login accepted; key the only A1 key.
	user, key string
	// refuse faults the request of a reference.
	refuse map[string]string
	// away answers ErrUnavailable to so many calls of any kind, before doing anything.
	away int
	// lose makes the label of a reference, then answers ErrUnavailable, so many times.
	lose map[string]int
	// refuseCancel faults cancels.
	refuseCancel bool
	// onLabel runs after each label made; onCancel after each label cancelled.
	onLabel  func(reference string)
	onCancel func(identifier string)

	inflight, maxInflight int
}

type manifestCall struct {
	reference   string
	identifiers []string
}

func newFakeCarrier() *fakeCarrier {
	return &fakeCarrier{labels: map[string]carrier.Label{}, made: map[string]int{}, voided: map[string]int{},
		calls: map[string]int{}, refuse: map[string]string{}, lose: map[string]int{}, user: "api-user"}
}

// enter counts a call in flight and waits the latency.
func (f *fakeCarrier) enter(ctx context.Context, op string, c carrier.Credentials) (func(), error) {
	f.mu.Lock()
	f.calls[op]++
	f.inflight++
	f.maxInflight = max(f.maxInflight, f.inflight)
	away := f.away > 0
	if away {
		f.away--
	}
	f.mu.Unlock()
	leave := func() {
		f.mu.Lock()
		f.inflight--
		f.mu.Unlock()
	}
	if f.latency > 0 {
		select {
		case <-time.After(f.latency):
		case <-ctx.Done():
			leave()
			return nil, fmt.Errorf("%w: %v", carrier.ErrUnavailable, ctx.Err())
		}
	}
	if away {
		leave()
		return nil, fmt.Errorf("%w: connection refused", carrier.ErrUnavailable)
	}
	if c.Username != f.user || c.A1APIKey != f.key {
		leave()
		return nil, &carrier.Fault{Code: carrier.CodeInvalidCredentials, Field: "password", Message: "login refused", Traffic: carrier.Traffic{Request: "<" + op + "/>", Response: "<fault>login refused</fault>"}}
	}
	return leave, nil
}

func (f *fakeCarrier) AddAndPrint(ctx context.Context, c carrier.Credentials, r carrier.Request) (carrier.Label, error) {
	leave, err := f.enter(ctx, "addAndPrint", c)
	if err != nil {
		return carrier.Label{}, err
	}
	defer leave()
	f.mu.Lock()
	defer f.mu.Unlock()
	traffic := carrier.Traffic{Request: "<addAndPrint ref=" + r.Reference + " type=" + r.LabelType + " hub=" + r.SenderHub + " name=" + r.Shipment.Fields["name"] + "/>"}
	if msg, ok := f.refuse[r.Reference]; ok {
		traffic.Response = "<fault>" + msg + "</fault>"
		return carrier.Label{}, &carrier.Fault{Code: carrier.CodeInvalidPostalCode, Field: "postalcode", Message: msg, Traffic: traffic}
	}
	f.next++
	l := carrier.Label{Identifier: fmt.Sprintf("CC%06d", f.next), Label: []byte("%PDF label " + r.Reference), ContentType: "application/pdf",
		CustomsDoc: []byte("%PDF customs " + r.Reference)}
	traffic.Response = "<label id=" + l.Identifier + "/>"
	l.Traffic = traffic
	f.labels[r.Reference] = l
	f.made[r.Reference]++
	if f.onLabel != nil {
		f.onLabel(r.Reference)
	}
	if f.lose[r.Reference] > 0 {
		f.lose[r.Reference]--
		return carrier.Label{Traffic: carrier.Traffic{Request: traffic.Request}}, fmt.Errorf("%w: answer lost", carrier.ErrUnavailable)
	}
	return l, nil
}

func (f *fakeCarrier) Find(ctx context.Context, c carrier.Credentials, reference string) (carrier.Label, bool, error) {
	leave, err := f.enter(ctx, "find", c)
	if err != nil {
		return carrier.Label{}, false, err
	}
	defer leave()
	f.mu.Lock()
	defer f.mu.Unlock()
	l, ok := f.labels[reference]
	if !ok {
		return carrier.Label{Traffic: carrier.Traffic{Request: "<find " + reference + "/>", Response: "<none/>"}}, false, nil
	}
	l.Traffic = carrier.Traffic{Request: "<find " + reference + "/>", Response: "<label id=" + l.Identifier + "/>"}
	return l, true, nil
}

func (f *fakeCarrier) Cancel(ctx context.Context, c carrier.Credentials, identifier string) (carrier.Traffic, error) {
	leave, err := f.enter(ctx, "cancel", c)
	if err != nil {
		return carrier.Traffic{}, err
	}
	defer leave()
	f.mu.Lock()
	defer f.mu.Unlock()
	t := carrier.Traffic{Request: "<cancel " + identifier + "/>", Response: "<ok/>"}
	if f.refuseCancel {
		t.Response = "<fault>already in a manifest</fault>"
		return t, &carrier.Fault{Code: carrier.CodeAlreadyManifested, Field: "identifier", Message: "already in a manifest", Traffic: t}
	}
	f.voided[identifier]++
	if f.onCancel != nil {
		f.onCancel(identifier)
	}
	return t, nil
}

func (f *fakeCarrier) CreateManifest(ctx context.Context, c carrier.Credentials, reference string, ids []string) (carrier.Manifest, error) {
	leave, err := f.enter(ctx, "createManifest", c)
	if err != nil {
		return carrier.Manifest{}, err
	}
	defer leave()
	f.mu.Lock()
	defer f.mu.Unlock()
	f.manifest = append(f.manifest, manifestCall{reference: reference, identifiers: ids})
	t := carrier.Traffic{Request: "<createManifest " + reference + "/>", Response: "<manifest/>"}
	if f.refuseCancel {
		return carrier.Manifest{}, &carrier.Fault{Code: "EMPTY", Message: "no parcels to manifest", Traffic: t}
	}
	return carrier.Manifest{Number: "MF-" + reference, Document: []byte("%PDF manifest " + reference), Traffic: t}, nil
}

// count reads a counter under the lock.
func (f *fakeCarrier) count(read func(*fakeCarrier) int) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return read(f)
}

func credentials() carrier.Credentials {
	return carrier.Credentials{Username: "api-user", Password: "secret"}
}

func requestFor(s batchjob.Shipment) carrier.Request {
	return carrier.Request{Reference: s.Reference, LabelType: "PDF", Shipment: s.Draft}
}
