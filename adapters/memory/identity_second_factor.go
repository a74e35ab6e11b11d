package memory

import (
	"bytes"
	"context"
	"errors"
	"image/png"

	"github.com/pquerna/otp/totp"

	"parcelportal/app/identity"
	"parcelportal/core/account"
)

// Errors of device registration that the contract leaves open; Kratos
// refuses these too.
var (
	errHasDevice     = errors.New("memory: the user already has an authenticator device")
	errNoSetup       = errors.New("memory: Register without a Setup in this session")
	errHasNoDevice   = errors.New("memory: Verify for a user without an authenticator device")
	errTOTPGenerator = errors.New("memory: cannot make a TOTP secret")
)

// Setup makes a new device secret for the session's user and its QR image.
func (m *Identity) Setup(_ context.Context, token string) ([]byte, string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.liveSession(token)
	if err != nil {
		return nil, "", err
	}
	r := m.users[s.identityID]
	if r.deviceSecret != "" {
		return nil, "", errHasDevice
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: "Parcel Portal", AccountName: r.user.Login})
	if err != nil {
		return nil, "", errors.Join(errTOTPGenerator, err)
	}
	img, err := key.Image(256, 256)
	if err != nil {
		return nil, "", errors.Join(errTOTPGenerator, err)
	}
	var qr bytes.Buffer
	if err := png.Encode(&qr, img); err != nil {
		return nil, "", err
	}
	m.setups[token] = key.Secret()
	return qr.Bytes(), key.Secret(), nil
}

// Register links the session's pending secret when the code matches it;
// like Kratos, that proves the second factor for this session.
func (m *Identity) Register(_ context.Context, token, code string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.liveSession(token)
	if err != nil {
		return err
	}
	secret, ok := m.setups[token]
	if !ok {
		return errNoSetup
	}
	if !totp.Validate(code, secret) {
		return account.ErrWrongCode
	}
	m.users[s.identityID].deviceSecret = secret
	delete(m.setups, token)
	s.secondFactor = true
	return nil
}

// Verify proves the second factor for the session with a current code.
func (m *Identity) Verify(_ context.Context, token, code string) (identity.Session, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s, err := m.liveSession(token)
	if err != nil {
		return identity.Session{}, err
	}
	secret := m.users[s.identityID].deviceSecret
	if secret == "" {
		return identity.Session{}, errHasNoDevice
	}
	if !totp.Validate(code, secret) {
		return identity.Session{}, account.ErrWrongCode
	}
	s.secondFactor = true
	return s.public(token), nil
}
