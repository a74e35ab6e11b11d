package identity

import (
	"context"
	"crypto/rand"
	"errors"
	"math/big"

	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/password"
)

// CreateUser creates a login for an administrator. Without an initial
// password the new user gets a reset mail to choose one.
func (s Service) CreateUser(ctx context.Context, caller *access.Caller, u account.User, initialPassword string) (account.User, error) {
	if err := access.Admins.Check(caller); err != nil {
		return account.User{}, err
	}
	if u.Status == "" {
		u.Status = account.Active
	}
	if u.LangKey == "" {
		u.LangKey = account.DefaultLocale
	}
	if err := s.checkUser(caller, u, nil, initialPassword); err != nil {
		return account.User{}, err
	}
	mailReset := initialPassword == ""
	if mailReset {
		initialPassword = password.Generate(randomIndex)
	}
	now := s.now()
	u.CreatedBy, u.CreatedAt, u.ModifiedBy, u.ModifiedAt = caller.Login, now, caller.Login, now
	created, err := s.Directory.Create(ctx, u, initialPassword)
	if err != nil {
		return account.User{}, err
	}
	if mailReset {
		if err := s.Mailbox.SendReset(ctx, created.Email); err != nil {
			return account.User{}, err
		}
	}
	s.audit(ctx, caller.Login, AuditUserCreated, "login", created.Login)
	return created, nil
}

// randomIndex picks uniformly from [0, n) with the system's cryptographic source.
func randomIndex(n int) int {
	v, err := rand.Int(rand.Reader, big.NewInt(int64(n)))
	if err != nil {
		panic(errors.Join(errors.New("no randomness"), err))
	}
	return int(v.Int64())
}
