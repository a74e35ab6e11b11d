// Package downloadtoken issues and redeems the tokens of link downloads
// (core/linkdownload): the webapp asks for one per link, the link carries it as
// ?bearer=, and the download it was made for takes it, once. Tokens are kept
// in a store every portal process shares, so a link works whichever
// process answers it.
package downloadtoken

import (
	"context"

	"parcelportal/app/clock"
	"parcelportal/core/linkdownload"
)

// Store keeps grants by the SHA-256 of their token; the token itself is
// never stored.
//
// Contract: Put stores the grant under the hash (and may forget grants that
// expired). Take removes the grant stored under the hash and answers it, in
// one step: of two concurrent Takes of one hash at most one gets the grant;
// an unknown hash, or one taken before, is linkdownload.ErrTokenInvalid. Take
// answers the grant as Put stored it, expired or not.
type Store interface {
	Put(ctx context.Context, hash [32]byte, g linkdownload.Grant) error
	Take(ctx context.Context, hash [32]byte) (linkdownload.Grant, error)
}

// Service issues and redeems download tokens.
type Service struct {
	Store Store
	Now   clock.Clock
}
