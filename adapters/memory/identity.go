package memory

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"

	"parcelportal/app/identity"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// Identity is an in-memory identity provider: identity.Sessions,
// SecondFactor, Directory and Mailbox with the behaviour of adapters/kratos
// (both pass app/identity/identitytest), for app tests without Kratos. Its
// authenticator codes are real TOTP codes; its mails stay in an outbox.
type Identity struct {
	portalURL string

	mu       sync.Mutex
	users    map[string]*identityRecord   // by identity id
	sessions map[string]*identitySession  // by token
	setups   map[string]string            // pending device secret by token
	keys     map[string]identityMailedKey // by key
	outbox   []IdentityMail
}

// NewIdentity returns an empty provider whose mails link to portalURL.
func NewIdentity(portalURL string) *Identity {
	return &Identity{
		portalURL: strings.TrimSuffix(portalURL, "/"),
		users:     map[string]*identityRecord{},
		sessions:  map[string]*identitySession{},
		setups:    map[string]string{},
		keys:      map[string]identityMailedKey{},
	}
}

type identityRecord struct {
	user         account.User
	passwordHash []byte
	deviceSecret string
}

// snapshot is the user as callers see it: a copy they may change freely.
func (r *identityRecord) snapshot() account.User {
	u := r.user
	u.Roles = slices.Clone(u.Roles)
	u.HasSecondFactor = r.deviceSecret != ""
	return u
}

// Create stores a new login; login and e-mail address are unique in any case.
func (m *Identity) Create(_ context.Context, u account.User, password string) (account.User, error) {
	hash, err := hashIdentityPassword(password)
	if err != nil {
		return account.User{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.byLogin(u.Login) != nil {
		return account.User{}, account.ErrLoginTaken
	}
	if m.byEmail(u.Email) != nil {
		return account.User{}, account.ErrEmailTaken
	}
	u.ID = newIdentityID()
	u.Roles = slices.Clone(u.Roles)
	u.LangKey = languageOrDefault(u.LangKey)
	r := &identityRecord{user: u, passwordHash: hash}
	m.users[u.ID] = r
	return r.snapshot(), nil
}

// Get returns the user with the id.
func (m *Identity) Get(_ context.Context, id string) (account.User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return found(m.users[id])
}

// FindByLogin returns the user with the login, in any case.
func (m *Identity) FindByLogin(_ context.Context, login string) (account.User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return found(m.byLogin(login))
}

// FindByEmail returns the user with the address, in any case.
func (m *Identity) FindByEmail(_ context.Context, email string) (account.User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return found(m.byEmail(email))
}

// List returns every user, ordered by id like Kratos.
func (m *Identity) List(context.Context) ([]account.User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	all := make([]account.User, 0, len(m.users))
	for _, r := range m.users {
		all = append(all, r.snapshot())
	}
	slices.SortFunc(all, func(a, b account.User) int { return strings.Compare(a.ID, b.ID) })
	return all, nil
}

// Update changes everything but the login, the creation facts and the device.
func (m *Identity) Update(_ context.Context, u account.User) (account.User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r := m.users[u.ID]
	if r == nil {
		return account.User{}, account.ErrUserNotFound
	}
	if other := m.byEmail(u.Email); other != nil && other != r {
		return account.User{}, account.ErrEmailTaken
	}
	kept := r.user
	r.user = u
	r.user.Roles = slices.Clone(u.Roles)
	r.user.LangKey = languageOrDefault(u.LangKey)
	r.user.Login, r.user.CreatedBy, r.user.CreatedAt = kept.Login, kept.CreatedBy, kept.CreatedAt
	return r.snapshot(), nil
}

// UpdateProfile changes only names, e-mail, language and the modified facts.
func (m *Identity) UpdateProfile(_ context.Context, id string, p identity.ProfileUpdate) (account.User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r := m.users[id]
	if r == nil {
		return account.User{}, account.ErrUserNotFound
	}
	if other := m.byEmail(p.Email); other != nil && other != r {
		return account.User{}, account.ErrEmailTaken
	}
	r.user.FirstName, r.user.LastName, r.user.Email = p.FirstName, p.LastName, p.Email
	r.user.LangKey = languageOrDefault(p.LangKey)
	r.user.ModifiedBy, r.user.ModifiedAt = p.ModifiedBy, p.ModifiedAt
	return r.snapshot(), nil
}

// ChangeStatus sets the status while it is from.
func (m *Identity) ChangeStatus(_ context.Context, id string, from, to account.Status, by string, at time.Time) (account.User, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r := m.users[id]
	if r == nil {
		return account.User{}, account.ErrUserNotFound
	}
	if r.user.Status != from {
		return account.User{}, identity.ErrStatusChanged
	}
	r.user.Status, r.user.ModifiedBy, r.user.ModifiedAt = to, by, at
	return r.snapshot(), nil
}

// SetPassword replaces the password; sessions stay.
func (m *Identity) SetPassword(_ context.Context, id, password string) error {
	hash, err := hashIdentityPassword(password)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	r := m.users[id]
	if r == nil {
		return account.ErrUserNotFound
	}
	r.passwordHash = hash
	return nil
}

// RevokeSessions ends every session of the user.
func (m *Identity) RevokeSessions(_ context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.endSessionsOf(id)
	return nil
}

// Delete removes the user with its sessions and unused mailed keys.
func (m *Identity) Delete(_ context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.users[id] == nil {
		return account.ErrUserNotFound
	}
	delete(m.users, id)
	m.endSessionsOf(id)
	for key, k := range m.keys {
		if k.identityID == id {
			delete(m.keys, key)
		}
	}
	return nil
}

func (m *Identity) endSessionsOf(id string) {
	for token, s := range m.sessions {
		if s.identityID == id {
			delete(m.sessions, token)
			delete(m.setups, token)
		}
	}
}

func (m *Identity) byLogin(login string) *identityRecord {
	for _, r := range m.users {
		if strings.EqualFold(r.user.Login, login) {
			return r
		}
	}
	return nil
}

func (m *Identity) byEmail(email string) *identityRecord {
	for _, r := range m.users {
		if strings.EqualFold(r.user.Email, email) {
			return r
		}
	}
	return nil
}

func found(r *identityRecord) (account.User, error) {
	if r == nil {
		return account.User{}, account.ErrUserNotFound
	}
	return r.snapshot(), nil
}

// languageOrDefault: like the Kratos adapter, a login always has a language.
func languageOrDefault(lang string) string {
	if lang == "" {
		return account.DefaultLocale
	}
	return lang
}

// hashIdentityPassword hashes like Kratos (bcrypt), at the lowest cost
// because nothing here is stored. bcrypt holds at most 72 bytes, which 50
// characters outside ASCII can exceed.
func hashIdentityPassword(password string) ([]byte, error) {
	hash, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.MinCost)
	if errors.Is(err, bcrypt.ErrPasswordTooLong) {
		return nil, failure.New(failure.Invalid, account.KeyPasswordRejected)
	}
	return hash, err
}

// newIdentityID is a random UUID, the form of Kratos' identity ids.
func newIdentityID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
