package downloadtoken

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"

	"parcelportal/core/access"
	"parcelportal/core/linkdownload"
)

// Issue makes a token for one download of resource by the signed-in
// caller. Whether the caller may see the resource is the asking use case's
// question (app/batches checks the batch); the download checks it again when
// the token is redeemed.
func (s Service) Issue(ctx context.Context, caller *access.Caller, purpose linkdownload.Purpose, resource string) (linkdownload.Token, error) {
	if caller == nil {
		return linkdownload.Token{}, linkdownload.ErrTokenInvalid
	}
	g, err := linkdownload.NewGrant(*caller, purpose, resource, s.Now.UTC())
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
