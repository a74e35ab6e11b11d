package memory

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"strings"
	"time"

	"golang.org/x/crypto/bcrypt"

	"parcelportal/app/identity"
	"parcelportal/core/account"
)

// identitySessionLifespan is Kratos' session lifespan in dev/kratos/kratos.yml.
const identitySessionLifespan = 24 * time.Hour

type identitySession struct {
	identityID   string
	secondFactor bool
	expiresAt    time.Time
}

// SignIn checks the password of the login or e-mail address, in any case
// and with blanks around it trimmed, as Kratos does.
func (m *Identity) SignIn(_ context.Context, identifier, password string) (identity.Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	identifier = strings.TrimSpace(identifier)
	r := m.byLogin(identifier)
	if r == nil {
		r = m.byEmail(identifier)
	}
	if r == nil || bcrypt.CompareHashAndPassword(r.passwordHash, []byte(password)) != nil {
		return identity.Session{}, account.ErrBadCredentials
	}
	token := randomToken()
	s := &identitySession{identityID: r.user.ID, expiresAt: time.Now().Add(identitySessionLifespan)}
	m.sessions[token] = s
	return s.public(token), nil
}

// Resolve returns the live session of the token.
func (m *Identity) Resolve(_ context.Context, token string) (identity.Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.liveSession(token)
	if err != nil {
		return identity.Session{}, err
	}
	return s.public(token), nil
}

// Revoke ends the session; an unknown token is no error.
func (m *Identity) Revoke(_ context.Context, token string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.sessions, token)
	delete(m.setups, token)
	return nil
}

// RevokeOthers ends every other session of the token's user.
func (m *Identity) RevokeOthers(_ context.Context, token string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.liveSession(token)
	if err != nil {
		return err
	}
	for other, o := range m.sessions {
		if other != token && o.identityID == s.identityID {
			delete(m.sessions, other)
			delete(m.setups, other)
		}
	}
	return nil
}

// liveSession is the token's unexpired session, or account.ErrBadCredentials.
func (m *Identity) liveSession(token string) (*identitySession, error) {
	s := m.sessions[token]
	if s == nil || !time.Now().Before(s.expiresAt) {
		return nil, account.ErrBadCredentials
	}
	return s, nil
}

func (s *identitySession) public(token string) identity.Session {
	return identity.Session{Token: token, IdentityID: s.identityID, SecondFactor: s.secondFactor, ExpiresAt: s.expiresAt}
}

// randomToken is an unguessable bearer.
func randomToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
