package identity

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// CallerState is who a bearer belongs to and whether the sign-in still owes
// its second factor; such a session may only finish or cancel the MFA dialog.
type CallerState struct {
	Caller     *access.Caller
	MFAPending bool
	// User is the login as read with the session: GetAccount answers it
	// while the session's resolution is cached (SessionAccount).
	User account.User
}

// ResolveCaller turns a bearer into the caller: identity, roles, customer
// and fulfillment. A session of a login that is no longer ACTIVE is refused.
func (s Service) ResolveCaller(ctx context.Context, token string) (CallerState, error) {
	session, err := s.Sessions.Resolve(ctx, token)
	if err != nil {
		return CallerState{}, err
	}
	user, err := s.Directory.Get(ctx, session.IdentityID)
	if failure.HasKey(err, account.KeyUserNotFound) {
		return CallerState{}, account.ErrBadCredentials
	}
	if err != nil {
		return CallerState{}, err
	}
	if user.Status != account.Active {
		return CallerState{}, failure.New(failure.Unauthenticated, account.KeyNotActivated)
	}
	_, pending, err := s.MFA.Pending(ctx, TokenHash(token))
	if err != nil {
		return CallerState{}, err
	}
	link, err := s.Links.ByLogin(ctx, user.Login)
	if err != nil {
		return CallerState{}, err
	}
	return CallerState{
		Caller: &access.Caller{
			IdentityID: user.ID, Login: user.Login, Roles: user.Roles,
			CustomerID: link.CustomerID, FulfillmentID: link.FulfillmentID, FulfillmentCustomers: link.FulfillmentCustomers,
		},
		// With MFA switched off for the installation, a device registered
		// earlier must not turn every aal1 session into one that owes a code
		// nobody will ask for.
		MFAPending: pending || (s.MFAEnabled && user.HasSecondFactor && !session.SecondFactor),
		User:       user,
	}, nil
}

// ensureEmailFree refuses an address that belongs to another login.
func (s Service) ensureEmailFree(ctx context.Context, identityID, email string) error {
	other, err := s.Directory.FindByEmail(ctx, email)
	switch {
	case failure.HasKey(err, account.KeyUserNotFound):
		return nil
	case err != nil:
		return err
	case other.ID != identityID:
		return account.ErrEmailTaken
	}
	return nil
}
