package kratos

import (
	"context"
	"errors"
	"time"

	ory "github.com/ory/kratos-client-go"

	"parcelportal/app/demo"
	"parcelportal/core/account"
)

// seedAuthor is who created the demo logins, in their creation facts.
const seedAuthor = "system"

// EnsureUser returns the identity whose login is u.Login, creating it
// ACTIVE, with a verified e-mail address and u's password and roles, when
// missing. cmd/seed calls it through app/demo.
func (p *Provider) EnsureUser(ctx context.Context, u demo.NewUser) (string, error) {
	found, err := p.FindByLogin(ctx, u.Login)
	if err == nil {
		return found.ID, nil
	}
	if !errors.Is(err, account.ErrUserNotFound) {
		return "", err
	}
	now := time.Now().UTC()
	verified := ory.NewVerifiableIdentityAddress("completed", u.Email, true, "email")
	created, err := p.create(ctx, account.User{
		Login: u.Login, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, LangKey: u.LangKey,
		Roles: u.Roles, Status: account.Active,
		CreatedBy: seedAuthor, CreatedAt: now, ModifiedBy: seedAuthor, ModifiedAt: now,
	}, u.Password, []ory.VerifiableIdentityAddress{*verified})
	return created.ID, err
}
