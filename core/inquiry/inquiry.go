// Package inquiry holds the rules of a parcel inquiry and of a newsletter
// subscription (spec 3 sections 3 to 5 and 9): the fields, their defaults,
// what is required, each e-mail equal to its copy, the posting date, the
// consent, and at most three attachments of 8,000,000 bytes each of the
// types a service desk opens.
package inquiry

import (
	"bytes"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"parcelportal/core/failure"
)

// Limits of spec 3 section 9 and the portal's own bounds.
const (
	MaxAttachments     = 3
	MaxAttachmentBytes = 8_000_000
	// MaxFieldLength bounds every one-line field; MaxTextLength the free texts.
	MaxFieldLength = 200
	MaxTextLength  = 4000
	// CompanyMinLength is the newsletter's company minimum (spec 3 section 5).
	CompanyMinLength = 2
	EmailMinLength   = 5
	EmailMaxLength   = 254
)

// Products, insurance tiers and reasons as the form sends them.
var (
	Products   = []string{"EPAQ_STANDARD", "EPAQ_PLUS", "EPAQ_SELECT", "EPAQ_ELITE"}
	Insurances = []string{"NONE", "EUR_45", "EUR_150", "EUR_500"}
	Reasons    = []string{"ITEM_NOT_DELIVERED", "DISPUTED_DELIVERY", "ITEM_DAMAGED", "OTHERS"}
)

// Defaults of the form (spec 3 section 3).
const (
	DefaultProduct   = "EPAQ_STANDARD"
	DefaultInsurance = "NONE"
	DefaultReason    = "ITEM_NOT_DELIVERED"
)

// Message keys of refusals the webapp translates.
const (
	KeyInvalidCaptcha = "error.inquiry.invalidCaptcha"
	KeyTooMany        = "error.inquiry.tooManyRequests"
	KeyTenantNotFound = "error.inquiry.tenantNotFound"
	KeyNotFound       = "error.inquiry.notFound"
)

// Rules of refused fields, translated by the webapp as error.{rule}.
const (
	RuleRequired   = "required"
	RuleEmail      = "email"
	RuleMismatch   = "mismatch"
	RuleDate       = "date"
	RuleSize       = "Size"
	RuleOneOf      = "oneOf"
	RuleLine       = "singleLine"
	RuleConsent    = "consent"
	RuleCount      = "maxFiles"
	RuleFileSize   = "maxFileSize"
	RuleFileType   = "fileType"
	RuleFileName   = "fileName"
	objectInquiry  = "parcelInquiry"
	objectLetter   = "newsletterSubscription"
	fieldAttachOne = "attachments"
)

// Party is the sender or the recipient of the parcel.
type Party struct {
	Name, Street, ZipCode, City, Country string
	// Crmid is the sender's customer number; the recipient has none.
	Crmid                          string
	ContactPerson, ContactPhone    string
	ContactEmail, ContactEmailCopy string
}

// Attachment is a file sent with the inquiry.
type Attachment struct {
	FileName string
	Data     []byte
}

// Inquiry is a parcel inquiry as filed.
type Inquiry struct {
	ID       int64
	TenantID int64
	// CustomerID is the customer whose user filed it; zero otherwise.
	CustomerID     int64
	Product        string
	Insurance      string
	Reason         string
	ReasonText     string
	TrackingNumber string
	// DateOfPosting is as typed, in the locale's format; PostedOn is it read.
	DateOfPosting      string
	PostedOn           time.Time
	Sender             Party
	Recipient          Party
	SenderCopyToEmail  bool
	ContentDescription string
	ContentValue       string
	Consent            bool
	Attachments        []Attachment
	CreatedAt          time.Time
	CreatedBy          string
	// DeskMailedAt is when the mail to the tenant's service desk went out,
	// MailedAt when the copy to the sender did too; zero before. Each mail
	// goes out once, even when the relay fails between them.
	DeskMailedAt time.Time
	MailedAt     time.Time
}

// WithDefaults fills the product, insurance and reason the form preselects.
func (in Inquiry) WithDefaults() Inquiry {
	if in.Product == "" {
		in.Product = DefaultProduct
	}
	if in.Insurance == "" {
		in.Insurance = DefaultInsurance
	}
	if in.Reason == "" {
		in.Reason = DefaultReason
	}
	return in
}

// Mark is what the tracking grid shows of a parcel's latest inquiry.
type Mark struct {
	CreatedAt time.Time
	CreatedBy string
}

var emailPattern = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[^@\s]+$`)

// dateLayouts are the locales' formats (de dd.MM.yyyy, nl dd-MM-yyyy, en, es
// and it dd/MM/yyyy) and ISO: the day always comes first, so none is ambiguous.
var dateLayouts = []string{"02.01.2006", "02-01-2006", "02/01/2006", "2006-01-02", "2.1.2006", "2-1-2006", "2/1/2006"}

// ParseDate reads a posting date in any of the locales' formats.
func ParseDate(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil && t.Year() >= 1900 && t.Year() <= 9999 {
			return t, true
		}
	}
	return time.Time{}, false
}

// attachmentTypes are the file types a service desk opens, by extension,
// with the bytes the file must begin with (nil: a text file).
var attachmentTypes = map[string][][]byte{
	".pdf":  {[]byte("%PDF-")},
	".png":  {[]byte("\x89PNG\r\n\x1a\n")},
	".jpg":  {[]byte("\xff\xd8\xff")},
	".jpeg": {[]byte("\xff\xd8\xff")},
	".gif":  {[]byte("GIF87a"), []byte("GIF89a")},
	".txt":  nil,
}

// AttachmentExtensions lists the accepted extensions.
func AttachmentExtensions() []string {
	out := make([]string, 0, len(attachmentTypes))
	for ext := range attachmentTypes {
		out = append(out, ext)
	}
	slices.Sort(out)
	return out
}

// ContentType is the MIME type of an accepted attachment's name.
func ContentType(name string) string {
	switch strings.ToLower(path.Ext(name)) {
	case ".pdf":
		return "application/pdf"
	case ".png":
		return "image/png"
	case ".jpg", ".jpeg":
		return "image/jpeg"
	case ".gif":
		return "image/gif"
	case ".txt":
		return "text/plain; charset=utf-8"
	}
	return "application/octet-stream"
}

type checker struct {
	object     string
	violations []failure.FieldViolation
}

func (c *checker) fail(field, rule string) {
	c.violations = append(c.violations, failure.FieldViolation{Object: c.object, Field: field, Rule: rule})
}

func (c *checker) err() error {
	if len(c.violations) == 0 {
		return nil
	}
	return failure.InvalidFields(c.violations...)
}

// line checks a one-line field: within MaxFieldLength and without line
// breaks or control characters (nothing typed may reach a mail header).
func (c *checker) line(field, v string, required bool) {
	switch {
	case strings.TrimSpace(v) == "":
		if required {
			c.fail(field, RuleRequired)
		}
	case utf8.RuneCountInString(v) > MaxFieldLength:
		c.fail(field, RuleSize)
	case strings.IndexFunc(v, unicode.IsControl) >= 0:
		c.fail(field, RuleLine)
	}
}

func (c *checker) text(field, v string) {
	if utf8.RuneCountInString(v) > MaxTextLength {
		c.fail(field, RuleSize)
	}
}

func (c *checker) email(field, v string, required bool) {
	n := utf8.RuneCountInString(v)
	switch {
	case v == "":
		if required {
			c.fail(field, RuleRequired)
		}
	case strings.IndexFunc(v, unicode.IsControl) >= 0:
		c.fail(field, RuleLine)
	case n < EmailMinLength || n > EmailMaxLength:
		c.fail(field, RuleSize)
	case !emailPattern.MatchString(v):
		c.fail(field, RuleEmail)
	}
}

// emailPair checks an e-mail and that its copy is the same.
func (c *checker) emailPair(field, v, copyField, copyValue string, required bool) {
	c.email(field, v, required)
	if !strings.EqualFold(strings.TrimSpace(v), strings.TrimSpace(copyValue)) {
		c.fail(copyField, RuleMismatch)
	}
}

func (c *checker) oneOf(field, v string, allowed []string) {
	if !slices.Contains(allowed, v) {
		c.fail(field, RuleOneOf)
	}
}

// party checks a sender's or recipient's fields (prefix "sender" or
// "recipient"); required names those that must be given besides the e-mail.
func (c *checker) party(prefix string, p Party, required ...string) {
	for _, f := range []struct{ name, value string }{
		{"Name", p.Name}, {"Street", p.Street}, {"ZipCode", p.ZipCode}, {"City", p.City}, {"Country", p.Country},
		{"Crmid", p.Crmid}, {"ContactPerson", p.ContactPerson}, {"ContactPhone", p.ContactPhone},
	} {
		c.line(prefix+f.name, f.value, slices.Contains(required, f.name))
	}
	c.emailPair(prefix+"ContactEmail", p.ContactEmail, prefix+"ContactEmailCopy", p.ContactEmailCopy, true)
}

// PDFName is the file name of an inquiry's PDF: its tracking number's
// letters, digits, dashes and underscores.
func PDFName(trackingNumber string) string {
	return "parcel-inquiry-" + strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') {
			return r
		}
		return -1
	}, trackingNumber) + ".pdf"
}

// Validate checks an inquiry against spec 3 section 5 and answers it with
// its posting date read; every broken rule is reported at once.
func Validate(in Inquiry) (Inquiry, error) {
	in = in.WithDefaults()
	c := checker{object: objectInquiry}
	c.oneOf("product", in.Product, Products)
	c.oneOf("insurance", in.Insurance, Insurances)
	c.oneOf("reason", in.Reason, Reasons)
	c.text("reasonText", in.ReasonText)
	c.line("trackingNumber", in.TrackingNumber, true)
	if strings.TrimSpace(in.DateOfPosting) == "" {
		c.fail("dateOfPosting", RuleRequired)
	} else if t, ok := ParseDate(in.DateOfPosting); ok {
		in.PostedOn = t
	} else {
		c.fail("dateOfPosting", RuleDate)
	}
	c.party("sender", in.Sender, "Name", "Crmid", "ContactPerson")
	c.party("recipient", in.Recipient, "Name", "Country", "ContactPerson")
	c.text("contentDescription", in.ContentDescription)
	if strings.TrimSpace(in.ContentDescription) == "" {
		c.fail("contentDescription", RuleRequired)
	}
	c.line("contentValue", in.ContentValue, false)
	if !in.Consent {
		c.fail("consent", RuleConsent)
	}
	checkAttachments(&c, in.Attachments)
	return in, c.err()
}

func checkAttachments(c *checker, files []Attachment) {
	if len(files) > MaxAttachments {
		c.fail(fieldAttachOne, RuleCount)
		return
	}
	for _, f := range files {
		name := f.FileName
		switch {
		case name == "" || utf8.RuneCountInString(name) > MaxFieldLength || strings.ContainsAny(name, `/\"`) ||
			strings.IndexFunc(name, unicode.IsControl) >= 0 || !utf8.ValidString(name):
			c.fail(fieldAttachOne, RuleFileName)
		case len(f.Data) == 0 || len(f.Data) > MaxAttachmentBytes:
			c.fail(fieldAttachOne, RuleFileSize)
		case !typeAccepted(name, f.Data):
			c.fail(fieldAttachOne, RuleFileType)
		}
	}
}

// typeAccepted: the extension is accepted and the content begins as such a
// file does (a text file must be UTF-8 without NUL bytes).
func typeAccepted(name string, data []byte) bool {
	magic, ok := attachmentTypes[strings.ToLower(path.Ext(name))]
	if !ok {
		return false
	}
	if magic == nil {
		return utf8.Valid(data) && bytes.IndexByte(data, 0) < 0
	}
	for _, m := range magic {
		if bytes.HasPrefix(data, m) {
			return true
		}
	}
	return false
}

// Subscription is a newsletter subscription. It is asked for by a
// signed-in user for any address, so it counts only once the address's
// owner used the link mailed to it (double opt-in).
type Subscription struct {
	ID       int64
	TenantID int64
	Email    string
	Company  string
	// Language is the subscriber's (Languages), for the link's mail.
	Language  string
	CreatedAt time.Time
	CreatedBy string
	// ConfirmationMailedAt is when the mail with the confirmation link went
	// out (zero before, and again when the link is asked for anew);
	// ConfirmedAt when the link was used; MailedAt when the notice to
	// marketing went out after that.
	ConfirmationMailedAt time.Time
	ConfirmedAt          time.Time
	MailedAt             time.Time
}

// Confirmed tells whether the address's owner confirmed the subscription.
func (s Subscription) Confirmed() bool { return !s.ConfirmedAt.IsZero() }

// Languages are those the confirmation mail is written in; DefaultLanguage
// stands in for any other.
var Languages = []string{"de", "en", "es", "it", "nl"}

// DefaultLanguage is the confirmation mail's language for no known one.
const DefaultLanguage = "en"

// LanguageOf is lang when the mail speaks it, else DefaultLanguage.
func LanguageOf(lang string) string {
	lang = strings.ToLower(strings.TrimSpace(lang))
	if base, _, ok := strings.Cut(lang, "-"); ok {
		lang = base
	}
	if slices.Contains(Languages, lang) {
		return lang
	}
	return DefaultLanguage
}

// ConfirmationTTL is how long a confirmation link holds.
const ConfirmationTTL = 7 * 24 * time.Hour

// KeyInvalidLink refuses an unknown, used-up or expired confirmation link.
const KeyInvalidLink = "error.newsletter.invalidLink"

// ValidateSubscription checks company (at least 2 characters) and e-mail;
// the terms box is the form's (spec 3 section 5).
func ValidateSubscription(s Subscription) (Subscription, error) {
	s.Email, s.Company = strings.TrimSpace(s.Email), strings.TrimSpace(s.Company)
	c := checker{object: objectLetter}
	switch n := utf8.RuneCountInString(s.Company); {
	case n == 0:
		c.fail("company", RuleRequired)
	case n < CompanyMinLength || n > MaxFieldLength:
		c.fail("company", RuleSize)
	case strings.IndexFunc(s.Company, unicode.IsControl) >= 0:
		c.fail("company", RuleLine)
	}
	c.email("email", s.Email, true)
	s.Language = LanguageOf(s.Language)
	return s, c.err()
}
