package kratos

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	ory "github.com/ory/kratos-client-go"
	"golang.org/x/crypto/bcrypt"

	"parcelportal/app/identity"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// listPageSize is how many identities List asks for at a time.
const listPageSize = 500

// Create makes an identity with the user's traits and metadata, state
// active (the portal gates sign-in on the activation status itself), and
// the password as a bcrypt hash: Kratos' own policy refuses passwords
// under 6 characters, the portal allows 4.
func (p *Provider) Create(ctx context.Context, u account.User, password string) (account.User, error) {
	return p.create(ctx, u, password, nil)
}

// create is Create, optionally with addresses Kratos should take as they are.
func (p *Provider) create(ctx context.Context, u account.User, password string, addresses []ory.VerifiableIdentityAddress) (account.User, error) {
	if err := p.refuseTaken(ctx, u.Login, u.Email); err != nil {
		return account.User{}, err
	}
	credentials, err := p.passwordCredentials(password)
	if err != nil {
		return account.User{}, err
	}
	r := newRecord(u)
	t, err := r.traitsMap()
	if err != nil {
		return account.User{}, err
	}
	body := ory.CreateIdentityBody{
		SchemaId: schemaID, State: ory.PtrString("active"), Traits: t, MetadataAdmin: r.metadata,
		Credentials: credentials, VerifiableAddresses: addresses,
	}
	created, rsp, err := p.admin.IdentityAPI.CreateIdentity(ctx).CreateIdentityBody(body).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		if a.status == http.StatusConflict {
			// Someone took the login or address since refuseTaken looked.
			if taken := p.refuseTaken(ctx, u.Login, u.Email); taken != nil {
				return account.User{}, taken
			}
		}
		return account.User{}, fmt.Errorf("kratos: create identity %s: %w", u.Login, a.err)
	}
	return p.userOf(*created)
}

// refuseTaken says which of login and e-mail address another identity has.
func (p *Provider) refuseTaken(ctx context.Context, login, email string) error {
	if _, err := p.FindByLogin(ctx, login); err == nil {
		return account.ErrLoginTaken
	} else if !errors.Is(err, account.ErrUserNotFound) {
		return err
	}
	if _, err := p.FindByEmail(ctx, email); err == nil {
		return account.ErrEmailTaken
	} else if !errors.Is(err, account.ErrUserNotFound) {
		return err
	}
	return nil
}

// Get reads an identity through the admin API.
func (p *Provider) Get(ctx context.Context, id string) (account.User, error) {
	r, err := p.record(ctx, id)
	if err != nil {
		return account.User{}, err
	}
	return r.user(), nil
}

// FindByLogin finds the identity whose login is login, in any case.
func (p *Provider) FindByLogin(ctx context.Context, login string) (account.User, error) {
	return p.findByIdentifier(ctx, login, func(t traits) string { return t.Login })
}

// FindByEmail finds the identity whose address is email, in any case.
func (p *Provider) FindByEmail(ctx context.Context, email string) (account.User, error) {
	return p.findByIdentifier(ctx, email, func(t traits) string { return t.Email })
}

// findByIdentifier looks the value up among the password identifiers,
// which Kratos stores and compares in lower case, and keeps the identity
// whose trait (login or e-mail) it is.
func (p *Provider) findByIdentifier(ctx context.Context, value string, trait func(traits) string) (account.User, error) {
	if strings.TrimSpace(value) == "" {
		return account.User{}, account.ErrUserNotFound
	}
	found, rsp, err := p.admin.IdentityAPI.ListIdentities(ctx).CredentialsIdentifier(value).Execute()
	if err != nil {
		return account.User{}, fmt.Errorf("kratos: find identity: %w", answerOf(rsp, err).err)
	}
	for _, i := range found {
		r, err := recordOf(i)
		if err != nil {
			return account.User{}, err
		}
		if account.NormalizeIdentifier(trait(r.traits)) == account.NormalizeIdentifier(value) {
			return r.user(), nil
		}
	}
	return account.User{}, account.ErrUserNotFound
}

// List reads every identity, a page at a time.
//
// include_credential makes Kratos list each identity's credential types,
// which HasSecondFactor needs. It also reveals the configuration of the
// named type; webauthn is named because its configuration holds only
// public keys (and the portal does not enable it).
func (p *Provider) List(ctx context.Context) ([]account.User, error) {
	var all []account.User
	token := ""
	for {
		req := p.admin.IdentityAPI.ListIdentities(ctx).PageSize(listPageSize).IncludeCredential([]string{"webauthn"})
		if token != "" {
			req = req.PageToken(token)
		}
		page, rsp, err := req.Execute()
		if err != nil {
			return nil, fmt.Errorf("kratos: list identities: %w", answerOf(rsp, err).err)
		}
		for _, i := range page {
			r, err := recordOf(i)
			if err != nil {
				return nil, err
			}
			all = append(all, r.user())
		}
		if token = nextPageToken(rsp.Header.Get("Link")); token == "" {
			return all, nil
		}
	}
}

var nextPage = regexp.MustCompile(`[?&]page_token=([^&>]+)[^>]*>;\s*rel="next"`)

// nextPageToken reads the next page's token from Kratos' Link header.
func nextPageToken(link string) string {
	if m := nextPage.FindStringSubmatch(link); m != nil {
		return m[1]
	}
	return ""
}

// Update writes the user's names, address, language, roles, status and
// modified facts; the login and creation facts stay as they are.
func (p *Provider) Update(ctx context.Context, u account.User) (account.User, error) {
	saved, err := p.amend(ctx, u.ID, nil, func(r *record) { r.setProfile(u) })
	if err != nil {
		return account.User{}, err
	}
	return saved.user(), nil
}

// UpdateProfile writes only the traits a user may change and the modified
// facts, as one JSON Patch: Kratos applies it to the identity as it is at
// that moment, so roles and status an admin set since anybody read them stay.
func (p *Provider) UpdateProfile(ctx context.Context, id string, u identity.ProfileUpdate) (account.User, error) {
	lang := u.LangKey
	if lang == "" {
		lang = account.DefaultLocale
	}
	saved, _, err := p.patch(ctx, id, []ory.JsonPatch{
		add("/traits/email", u.Email), add("/traits/firstName", u.FirstName),
		add("/traits/lastName", u.LastName), add("/traits/langKey", lang),
		add("/metadata_admin/lastModifiedBy", u.ModifiedBy), add("/metadata_admin/lastModifiedDate", u.ModifiedAt),
	})
	if err != nil {
		return account.User{}, err
	}
	return saved.user(), nil
}

// ChangeStatus sets the activation status with a JSON Patch that first
// removes the status guard of from (see adminMetadata.StatusGuard): when the
// status is no longer from, the member is missing and Kratos refuses the
// whole patch. Kratos applies a patch to the identity as it reads it then,
// so only a write inside Kratos' own read and write could slip between.
func (p *Provider) ChangeStatus(ctx context.Context, id string, from, to account.Status, by string, at time.Time) (account.User, error) {
	ops := []ory.JsonPatch{
		remove("/metadata_admin/statusGuard/" + string(from)),
		add("/metadata_admin/statusGuard/"+string(to), struct{}{}),
		add("/metadata_admin/activationStatus", string(to)),
		add("/metadata_admin/lastModifiedBy", by), add("/metadata_admin/lastModifiedDate", at),
	}
	saved, refused, err := p.patch(ctx, id, ops)
	if !refused {
		if err != nil {
			return account.User{}, err
		}
		return saved.user(), nil
	}
	now, rerr := p.record(ctx, id)
	switch {
	case rerr != nil:
		return account.User{}, rerr
	case now.metadata.ActivationStatus != string(from):
		return account.User{}, identity.ErrStatusChanged
	case now.metadata.StatusGuard != nil:
		return account.User{}, err
	}
	// An identity written before the guard existed gets it, once.
	if _, _, err := p.patch(ctx, id, []ory.JsonPatch{add("/metadata_admin/statusGuard", map[string]struct{}{string(from): {}})}); err != nil {
		return account.User{}, err
	}
	saved, refused, err = p.patch(ctx, id, ops)
	if refused {
		return account.User{}, identity.ErrStatusChanged
	}
	if err != nil {
		return account.User{}, err
	}
	return saved.user(), nil
}

// patch applies a JSON Patch to an identity; refused reports a 400 answer.
func (p *Provider) patch(ctx context.Context, id string, ops []ory.JsonPatch) (saved record, refused bool, err error) {
	if !idPattern.MatchString(id) {
		return record{}, false, account.ErrUserNotFound
	}
	i, rsp, err := p.admin.IdentityAPI.PatchIdentity(ctx, id).JsonPatch(ops).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		switch a.status {
		case http.StatusConflict:
			// The login cannot change, so the address is what clashes.
			return record{}, false, a.as(account.ErrEmailTaken)
		case http.StatusNotFound:
			return record{}, false, a.as(account.ErrUserNotFound)
		}
		return record{}, a.status == http.StatusBadRequest, fmt.Errorf("kratos: patch identity %s: %w", id, a.err)
	}
	r, err := recordOf(*i)
	return r, false, err
}

// add is a JSON Patch operation that sets a member, whether it exists or not.
func add(path string, value any) ory.JsonPatch {
	op := ory.NewJsonPatch("add", path)
	op.Value = value
	return *op
}

// remove is a JSON Patch operation that drops a member; a missing member
// fails the whole patch.
func remove(path string) ory.JsonPatch { return *ory.NewJsonPatch("remove", path) }

// SetPassword replaces the password with its bcrypt hash; sessions stay.
func (p *Provider) SetPassword(ctx context.Context, id, password string) error {
	credentials, err := p.passwordCredentials(password)
	if err != nil {
		return err
	}
	_, err = p.amend(ctx, id, credentials, func(*record) {})
	return err
}

// RevokeSessions ends every session of the identity. Kratos answers 404
// when there is none, which is the wanted outcome.
func (p *Provider) RevokeSessions(ctx context.Context, id string) error {
	rsp, err := p.admin.IdentityAPI.DeleteIdentitySessions(ctx, id).Execute()
	if err != nil {
		if a := answerOf(rsp, err); a.status != http.StatusNotFound {
			return fmt.Errorf("kratos: revoke sessions of %s: %w", id, a.err)
		}
	}
	return nil
}

// Delete removes the identity; Kratos removes its sessions with it.
func (p *Provider) Delete(ctx context.Context, id string) error {
	if !idPattern.MatchString(id) {
		return account.ErrUserNotFound
	}
	rsp, err := p.admin.IdentityAPI.DeleteIdentity(ctx, id).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		if a.status == http.StatusNotFound {
			return a.as(account.ErrUserNotFound)
		}
		return fmt.Errorf("kratos: delete identity %s: %w", id, a.err)
	}
	return nil
}

// record reads an identity. An id that is no UUID names nobody: asked for
// the empty id, the admin API would list identities instead.
func (p *Provider) record(ctx context.Context, id string) (record, error) {
	if !idPattern.MatchString(id) {
		return record{}, account.ErrUserNotFound
	}
	i, rsp, err := p.admin.IdentityAPI.GetIdentity(ctx, id).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		if a.status == http.StatusNotFound {
			return record{}, a.as(account.ErrUserNotFound)
		}
		return record{}, fmt.Errorf("kratos: get identity %s: %w", id, a.err)
	}
	return recordOf(*i)
}

// amend reads an identity, changes it and writes it back whole (Kratos'
// PUT replaces traits and both metadata; PATCH cannot set credentials).
// Kratos offers no version check, so a concurrent change between the read
// and the write is lost. Only an admin's Update and SetPassword use it;
// what users change about themselves goes through patch.
func (p *Provider) amend(ctx context.Context, id string, credentials *ory.IdentityWithCredentials, change func(*record)) (record, error) {
	r, err := p.record(ctx, id)
	if err != nil {
		return record{}, err
	}
	change(&r)
	t, err := r.traitsMap()
	if err != nil {
		return record{}, err
	}
	body := ory.UpdateIdentityBody{
		SchemaId: schemaID, State: r.state, Traits: t,
		MetadataAdmin: r.metadata, MetadataPublic: r.public, Credentials: credentials,
	}
	saved, rsp, err := p.admin.IdentityAPI.UpdateIdentity(ctx, id).UpdateIdentityBody(body).Execute()
	if err != nil {
		a := answerOf(rsp, err)
		switch a.status {
		case http.StatusConflict:
			// The login cannot change, so the address is what clashes.
			return record{}, a.as(account.ErrEmailTaken)
		case http.StatusNotFound:
			return record{}, a.as(account.ErrUserNotFound)
		}
		return record{}, fmt.Errorf("kratos: update identity %s: %w", id, a.err)
	}
	return recordOf(*saved)
}

// userOf is the portal's view of an identity from the admin API.
func (p *Provider) userOf(i ory.Identity) (account.User, error) {
	r, err := recordOf(i)
	return r.user(), err
}

// passwordCredentials imports the password as a bcrypt hash, which Kratos'
// password login verifies without applying its policy (minimum 6). bcrypt
// holds at most 72 bytes, which 50 characters outside ASCII can exceed.
func (p *Provider) passwordCredentials(password string) (*ory.IdentityWithCredentials, error) {
	hash, err := bcrypt.GenerateFromPassword([]byte(password), p.passwordCost)
	if errors.Is(err, bcrypt.ErrPasswordTooLong) {
		return nil, failure.New(failure.Invalid, account.KeyPasswordRejected)
	}
	if err != nil {
		return nil, err
	}
	hashed := string(hash)
	return &ory.IdentityWithCredentials{Password: &ory.IdentityWithCredentialsPassword{
		Config: &ory.IdentityWithCredentialsPasswordConfig{HashedPassword: &hashed},
	}}, nil
}
