package mail

import (
	"context"
	"fmt"
	"strings"

	"parcelportal/app/identity"
	"parcelportal/core/account"
)

// Notices renders the portal's own registration mails in the reader's
// language and hands them to a Sender. BaseURL is where people reach the
// portal; the mails link there.
type Notices struct {
	Sender  Sender
	BaseURL string
}

var _ identity.Notices = Notices{}

// noticeTexts is one language's wording of the registration mails.
type noticeTexts struct {
	requestSubject, requestIntro                                string
	login, email, crmID, customer, noCustomer, reason, noReason string
	requestedAt, pendingAt                                      string
	attemptSubject, attemptGreeting, attemptBody, attemptIfYou  string
	attemptIfNot                                                string
}

// texts by language; anything else reads English.
var texts = map[string]noticeTexts{
	"en": {
		requestSubject: "Registration request: %s (%s)",
		requestIntro: "A visitor asked for a login to the parcel portal. The login has no customer yet: " +
			"check the request and link the login to its customer or fulfillment in User data.",
		login: "Login", email: "E-mail", crmID: "CRM ID", customer: "Customer",
		noCustomer: "no customer has this CRM ID", reason: "Reason", noReason: "(none given)",
		requestedAt: "Requested at", pendingAt: "Pending registrations",
		attemptSubject:  "Parcel Portal: someone tried to register with your details",
		attemptGreeting: "Hello %s,",
		attemptBody: "someone tried to register a new login at the parcel portal with your login name or your e-mail address. " +
			"No login was created and your account is unchanged.",
		attemptIfYou: "If it was you: you already have a login, %s. Sign in at %s or choose a new password at %s.",
		attemptIfNot: "If it was not you, you need not do anything.",
	},
	"de": {
		requestSubject: "Registrierungsanfrage: %s (%s)",
		requestIntro: "Jemand hat ein Login für das Paketportal beantragt. Das Login ist noch keinem Kunden zugeordnet: " +
			"prüfen Sie die Anfrage und verknüpfen Sie das Login unter Benutzerdaten mit seinem Kunden oder Fulfillment.",
		login: "Login", email: "E-Mail", crmID: "CRM-ID", customer: "Kunde",
		noCustomer: "kein Kunde hat diese CRM-ID", reason: "Begründung", noReason: "(keine angegeben)",
		requestedAt: "Beantragt am", pendingAt: "Offene Registrierungen",
		attemptSubject:  "Paketportal: Jemand hat versucht, sich mit Ihren Daten zu registrieren",
		attemptGreeting: "Hallo %s,",
		attemptBody: "jemand hat versucht, im Paketportal ein neues Login mit Ihrem Loginnamen oder Ihrer E-Mail-Adresse zu registrieren. " +
			"Es wurde kein Login angelegt, Ihr Konto ist unverändert.",
		attemptIfYou: "Falls Sie es waren: Sie haben bereits ein Login, %s. Melden Sie sich unter %s an oder wählen Sie unter %s ein neues Passwort.",
		attemptIfNot: "Falls Sie es nicht waren, müssen Sie nichts tun.",
	},
	"es": {
		requestSubject: "Solicitud de registro: %s (%s)",
		requestIntro: "Alguien ha solicitado un acceso al portal de envíos. El acceso aún no tiene cliente: " +
			"revise la solicitud y vincule el acceso a su cliente o fulfillment en Datos de usuario.",
		login: "Usuario", email: "Correo electrónico", crmID: "ID de CRM", customer: "Cliente",
		noCustomer: "ningún cliente tiene este ID de CRM", reason: "Motivo", noReason: "(no indicado)",
		requestedAt: "Solicitado el", pendingAt: "Registros pendientes",
		attemptSubject:  "Portal de envíos: alguien ha intentado registrarse con sus datos",
		attemptGreeting: "Hola, %s:",
		attemptBody: "alguien ha intentado registrar un nuevo usuario en el portal de envíos con su nombre de usuario o su dirección de correo electrónico. " +
			"No se ha creado ningún usuario y su cuenta no ha cambiado.",
		attemptIfYou: "Si fue usted: ya tiene un usuario, %s. Inicie sesión en %s o elija una nueva contraseña en %s.",
		attemptIfNot: "Si no fue usted, no tiene que hacer nada.",
	},
	"it": {
		requestSubject: "Richiesta di registrazione: %s (%s)",
		requestIntro: "Qualcuno ha richiesto un accesso al portale spedizioni. L'accesso non ha ancora un cliente: " +
			"verifichi la richiesta e colleghi l'accesso al suo cliente o fulfillment in Dati utente.",
		login: "Login", email: "E-mail", crmID: "ID CRM", customer: "Cliente",
		noCustomer: "nessun cliente ha questo ID CRM", reason: "Motivo", noReason: "(non indicato)",
		requestedAt: "Richiesto il", pendingAt: "Registrazioni in sospeso",
		attemptSubject:  "Portale spedizioni: qualcuno ha tentato di registrarsi con i suoi dati",
		attemptGreeting: "Buongiorno %s,",
		attemptBody: "qualcuno ha tentato di registrare un nuovo accesso al portale spedizioni con il suo nome di login o il suo indirizzo e-mail. " +
			"Non è stato creato alcun accesso e il suo account è invariato.",
		attemptIfYou: "Se è stato lei: ha già un accesso, %s. Acceda su %s oppure scelga una nuova password su %s.",
		attemptIfNot: "Se non è stato lei, non deve fare nulla.",
	},
	"nl": {
		requestSubject: "Registratieverzoek: %s (%s)",
		requestIntro: "Iemand heeft een login voor het pakketportaal aangevraagd. De login heeft nog geen klant: " +
			"controleer het verzoek en koppel de login onder Gebruikersgegevens aan zijn klant of fulfillment.",
		login: "Login", email: "E-mail", crmID: "CRM-ID", customer: "Klant",
		noCustomer: "geen klant heeft dit CRM-ID", reason: "Reden", noReason: "(niet opgegeven)",
		requestedAt: "Aangevraagd op", pendingAt: "Openstaande registraties",
		attemptSubject:  "Pakketportaal: iemand heeft geprobeerd zich met uw gegevens te registreren",
		attemptGreeting: "Hallo %s,",
		attemptBody: "iemand heeft geprobeerd in het pakketportaal een nieuwe login te registreren met uw loginnaam of uw e-mailadres. " +
			"Er is geen login aangemaakt en uw account is ongewijzigd.",
		attemptIfYou: "Was u het zelf? U hebt al een login, %s. Meld u aan op %s of kies een nieuw wachtwoord op %s.",
		attemptIfNot: "Was u het niet, dan hoeft u niets te doen.",
	},
}

func textsFor(lang string) noticeTexts {
	if t, ok := texts[lang]; ok {
		return t
	}
	return texts[account.DefaultLocale]
}

// staffLanguage is the language of a request's mail to staff: that of the
// country in the CRM id (the subsidiary handling it), English for the
// countries whose language the portal does not speak.
func staffLanguage(crmID string) string {
	switch strings.ToUpper(crmID[:min(2, len(crmID))]) {
	case "DE", "AT":
		return "de"
	case "NL", "BE":
		return "nl"
	case "ES":
		return "es"
	case "IT":
		return "it"
	}
	return "en"
}

// RegistrationRequested mails the request to the self-registration addresses.
func (n Notices) RegistrationRequested(ctx context.Context, notice identity.RegistrationNotice) error {
	r := notice.Request
	t := textsFor(staffLanguage(r.CRMID))
	customer := t.noCustomer
	if c := notice.Customer; c != nil {
		customer = fmt.Sprintf("%s (%s, id %d)", c.Name, c.CRMID, c.ID)
	}
	reason := strings.TrimSpace(r.Reason)
	if reason == "" {
		reason = t.noReason
	}
	var b strings.Builder
	b.WriteString(t.requestIntro + "\n\n")
	for _, line := range [][2]string{
		{t.login, r.Login}, {t.email, r.Email}, {t.crmID, r.CRMID}, {t.customer, customer},
		{t.requestedAt, r.RequestedAt.UTC().Format("2006-01-02 15:04 MST")},
	} {
		fmt.Fprintf(&b, "%s: %s\n", line[0], line[1])
	}
	fmt.Fprintf(&b, "%s:\n%s\n\n", t.reason, reason)
	fmt.Fprintf(&b, "%s: %s/user-data\n", t.pendingAt, strings.TrimSuffix(n.BaseURL, "/"))
	return n.Sender.Send(ctx, Message{
		To: notice.To, Subject: fmt.Sprintf(t.requestSubject, r.Login, r.CRMID), Text: b.String(),
	})
}

// RegistrationAttempted tells the owner of a login or address that someone
// tried to register with it; it repeats nothing the visitor typed.
func (n Notices) RegistrationAttempted(ctx context.Context, owner account.User) error {
	t := textsFor(owner.LangKey)
	base := strings.TrimSuffix(n.BaseURL, "/")
	text := fmt.Sprintf(t.attemptGreeting, owner.Login) + "\n\n" + t.attemptBody + "\n\n" +
		fmt.Sprintf(t.attemptIfYou, owner.Login, base+"/login", base+"/account/reset/request") + "\n" + t.attemptIfNot + "\n"
	return n.Sender.Send(ctx, Message{To: []string{owner.Email}, Subject: t.attemptSubject, Text: text})
}
