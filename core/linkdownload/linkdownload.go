// Package linkdownload holds the rules of link downloads: a file the browser
// opens as a plain link (spec 2 section 7: a batch's labels and commercial
// invoice) cannot carry the Authorization header, and a session token must
// never stand in a URL, where logs, proxies and the browser history keep
// it. A link carries a download token instead: short-lived, good for one
// download of one file by the user who asked for it, and for nothing else.
package linkdownload

import (
	"slices"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/failure"
)

// Purpose names what a download token may fetch: one kind of file.
type Purpose string

// The link downloads of the batch page.
const (
	BatchLabels            Purpose = "batch-labels"
	BatchCommercialInvoice Purpose = "batch-commercial-invoice"
)

// Purposes lists every purpose a token may be made for.
var Purposes = []Purpose{BatchLabels, BatchCommercialInvoice}

// Valid reports whether p names a link download.
func (p Purpose) Valid() bool { return slices.Contains(Purposes, p) }

// Lifetime is how long a token may wait for its download: long enough for
// the browser to follow the link it was made for, too short to be useful
// to whoever finds it later.
const Lifetime = time.Minute

// Message keys of download failures.
const (
	// KeyTokenInvalid: the link's token is unknown, used, expired or made
	// for another file; the browser asks for a new one.
	KeyTokenInvalid = "error.download.tokenInvalid"
	// KeyPurposeInvalid: a token was asked for something that is not a
	// link download.
	KeyPurposeInvalid = "error.download.purposeInvalid"
)

// Failures of link downloads. A refused token is Unauthenticated: the link
// proves nobody.
var (
	ErrTokenInvalid   = &failure.Error{Kind: failure.Unauthenticated, Key: KeyTokenInvalid}
	ErrPurposeInvalid = &failure.Error{Kind: failure.Invalid, Key: KeyPurposeInvalid}
)

// Grant is what a token stands for: who asked for it, for which download
// of which resource, and until when.
type Grant struct {
	Purpose  Purpose
	Resource string
	Caller   access.Caller
	Expires  time.Time
}

// Token is an issued token and when it expires.
type Token struct {
	Value   string
	Expires time.Time
}

// NewGrant makes the grant of a token asked for at now.
func NewGrant(caller access.Caller, purpose Purpose, resource string, now time.Time) (Grant, error) {
	if !purpose.Valid() || resource == "" {
		return Grant{}, ErrPurposeInvalid
	}
	return Grant{Purpose: purpose, Resource: resource, Caller: caller, Expires: now.Add(Lifetime)}, nil
}

// Admits decides whether the grant lets its caller make this download at
// now: the same purpose, the same resource, before it expires.
func (g Grant) Admits(purpose Purpose, resource string, now time.Time) error {
	if g.Purpose != purpose || g.Resource != resource || !now.Before(g.Expires) {
		return ErrTokenInvalid
	}
	return nil
}
