package account

// Registration is what an anonymous visitor submits to ask for a login.
type Registration struct {
	Login         string
	Email         string
	Password      string
	RequestReason string
	CRMID         string
	LangKey       string
	CaptchaToken  string
}

// Normalized returns the registration as it is stored: login and e-mail
// address in their one form (NormalizeIdentifier, as sign-in takes them),
// CRM id in upper case and the default language when none was chosen.
func (r Registration) Normalized() Registration {
	r.Login = NormalizeIdentifier(r.Login)
	r.Email = NormalizeIdentifier(r.Email)
	r.CRMID = NormalizeCRMID(r.CRMID)
	if r.LangKey == "" {
		r.LangKey = DefaultLocale
	}
	return r
}

// Validate returns every broken rule of the registration as one failure.
func (r Registration) Validate(passwordMaxLength int) error {
	c := Checker{Object: "registration"}
	c.Login("login", r.Login)
	c.Email("email", r.Email)
	c.Password("password", r.Password, passwordMaxLength)
	c.CRMID("crmId", r.CRMID)
	c.Locale("langKey", r.LangKey)
	c.MaxLength("requestReason", r.RequestReason, RequestReasonMaxLength)
	return c.Err()
}
