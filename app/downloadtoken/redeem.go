package downloadtoken

import (
	"context"
	"crypto/sha256"

	"parcelportal/core/access"
	"parcelportal/core/linkdownload"
)

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
	if err := g.Admits(purpose, resource, s.Now.UTC()); err != nil {
		return nil, err
	}
	caller := g.Caller
	return &caller, nil
}
