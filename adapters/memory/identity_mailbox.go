package memory

import (
	"context"
	"fmt"
	"strings"

	"parcelportal/core/account"
)

// IdentityMail is a mail the fake identity provider sent.
type IdentityMail struct {
	To, Subject, Text string
}

type identityKeyKind int

const (
	activationKey identityKeyKind = iota + 1
	resetKey
)

type identityMailedKey struct {
	kind       identityKeyKind
	identityID string
}

// identityMailTexts are the subject and text (with %s for the link) of each
// mail in each language; short, but in the user's language like Kratos' templates.
var identityMailTexts = map[identityKeyKind]map[string][2]string{
	activationKey: {
		"de": {"Paketportal: Bitte bestätigen Sie Ihre E-Mail-Adresse", "Bitte öffnen Sie diesen Link, um Ihr Konto zu aktivieren: %s"},
		"en": {"Parcel Portal: please confirm your e-mail address", "Please open this link to activate your account: %s"},
		"es": {"Portal de envíos: confirme su dirección de correo electrónico", "Abra este enlace para activar su cuenta: %s"},
		"it": {"Portale spedizioni: confermi il suo indirizzo e-mail", "Apra questo link per attivare il suo account: %s"},
		"nl": {"Pakketportaal: bevestig uw e-mailadres", "Open deze link om uw account te activeren: %s"},
	},
	resetKey: {
		"de": {"Paketportal: Passwort zurücksetzen", "Über diesen Link wählen Sie ein neues Passwort für Ihr Konto: %s"},
		"en": {"Parcel Portal: reset your password", "Open this link to choose a new password for your account: %s"},
		"es": {"Portal de envíos: restablecer su contraseña", "Abra este enlace para elegir una nueva contraseña para su cuenta: %s"},
		"it": {"Portale spedizioni: reimpostare la password", "Apra questo link per scegliere una nuova password per il suo account: %s"},
		"nl": {"Pakketportaal: uw wachtwoord opnieuw instellen", "Open deze link om een nieuw wachtwoord voor uw account te kiezen: %s"},
	},
}

var identityMailPages = map[identityKeyKind]string{
	activationKey: "/account/activate/",
	resetKey:      "/account/reset/finish/",
}

// SendActivation mails an activation key to the user's stored address.
func (m *Identity) SendActivation(_ context.Context, u account.User) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.mailKey(activationKey, m.byEmail(u.Email))
	return nil
}

// ConfirmActivation spends an activation key.
func (m *Identity) ConfirmActivation(_ context.Context, key string) (string, error) {
	return m.spend(activationKey, key)
}

// SendReset mails a reset key when the address belongs to a login.
func (m *Identity) SendReset(_ context.Context, email string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.mailKey(resetKey, m.byEmail(email))
	return nil
}

// ConfirmReset spends a reset key.
func (m *Identity) ConfirmReset(_ context.Context, key string) (string, error) {
	return m.spend(resetKey, key)
}

// Mails returns what was sent to the address (in any case), oldest first.
func (m *Identity) Mails(to string) []IdentityMail {
	m.mu.Lock()
	defer m.mu.Unlock()
	var mails []IdentityMail
	for _, mail := range m.outbox {
		if strings.EqualFold(mail.To, to) {
			mails = append(mails, mail)
		}
	}
	return mails
}

// mailKey mints a key of the kind for the user, if there is one, and mails it.
func (m *Identity) mailKey(kind identityKeyKind, r *identityRecord) {
	if r == nil {
		return
	}
	key := randomToken()
	m.keys[key] = identityMailedKey{kind: kind, identityID: r.user.ID}
	texts, ok := identityMailTexts[kind][r.user.LangKey]
	if !ok {
		texts = identityMailTexts[kind][account.DefaultLocale]
	}
	link := m.portalURL + identityMailPages[kind] + key
	m.outbox = append(m.outbox, IdentityMail{To: r.user.Email, Subject: texts[0], Text: fmt.Sprintf(texts[1], link)})
}

// spend returns the identity of a key of the kind and forgets the key.
func (m *Identity) spend(kind identityKeyKind, key string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k, ok := m.keys[key]
	if !ok || k.kind != kind {
		return "", account.ErrInvalidKey
	}
	delete(m.keys, key)
	return k.identityID, nil
}
