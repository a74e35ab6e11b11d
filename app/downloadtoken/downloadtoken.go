// Package downloadtoken issues and redeems the tokens of link downloads
// (core/linkdownload): the webapp asks for one per link, the link carries it as
// ?bearer=, and the download it was made for takes it, once. Tokens are kept
// in a store every portal process shares, so a link works whichever
// process answers it.
package downloadtoken

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"time"

	"parcelportal/core/access"
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
	Now   func() time.Time
}

func (s Service) now() time.Time {
	if s.Now == nil {
		return time.Now().UTC()
	}
	return s.Now().UTC()
}

// Issue makes a token for one download of resource by the signed-in
// caller. Whether the caller may see the resource is the asking use case's
// question (app/batch checks the batch); the download checks it again when
// the token is redeemed.
func (s Service) Issue(ctx context.Context, caller *access.Caller, purpose linkdownload.Purpose, resource string) (linkdownload.Token, error) {
	if caller == nil {
		return linkdownload.Token{}, linkdownload.ErrTokenInvalid
	}
	g, err := linkdownload.NewGrant(*caller, purpose, resource, s.now())
	if err != nil {
		return linkdownload.Token{}, err
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return linkdownload.Token{}, fmt.Errorf("download token: %w", err)
	}
	value := base64.RawURLEncoding.EncodeToString(raw)
	if err := s.Store.Put(ctx, sha256.Sum256([]byte(value)), g); err != nil {
		return linkdownload.Token{}, err
	}
	return linkdownload.Token{Value: value, Expires: g.Expires}, nil
}

// Redeem takes the token for the download of resource: it works once, for
// the download and resource it was made for, before it expires, and
// answers the caller who asked for it. A session token is no download
// token and is refused like any unknown one.
func (s Service) Redeem(ctx context.Context, token string, purpose linkdownload.Purpose, resource string) (*access.Caller, error) {
	if token == "" {
		return nil, linkdownload.ErrTokenInvalid
	}
	g, err := s.Store.Take(ctx, sha256.Sum256([]byte(token)))
	if err != nil {
		return nil, err
	}
	if err := g.Admits(purpose, resource, s.now()); err != nil {
		return nil, err
	}
	caller := g.Caller
	return &caller, nil
}
