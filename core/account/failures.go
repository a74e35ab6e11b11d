package account

import "parcelportal/core/failure"

// Message keys of account failures, translated by the webapp.
const (
	KeyBadCredentials   = "error.badCredentials"
	KeyNotActivated     = "error.notActivated"
	KeyLoginTaken       = "error.userexists"
	KeyEmailTaken       = "error.emailexists"
	KeyInvalidKey       = "error.invalidKey"
	KeyWrongCode        = "error.mfa.wrongCode"
	KeyCodeReused       = "error.mfa.codeReused"
	KeyMFAPending       = "error.mfa.pending"
	KeyWrongPassword    = "password.messages.error"
	KeyCaptchaFailed    = "error.captcha"
	KeyTooManyAttempts  = "error.tooManyAttempts"
	KeyUserNotFound     = "error.userNotFound"
	KeyPasswordRejected = "error.passwordRejected"
	// KeyTooManyResetRequests: the address or the client asked for too
	// many reset mails within the window; no mail is sent.
	KeyTooManyResetRequests = "error.tooManyResetRequests"
)

// Failures the identity provider and the account use cases return.
var (
	ErrBadCredentials = failure.New(failure.Unauthenticated, KeyBadCredentials)
	ErrNotActivated   = failure.New(failure.Forbidden, KeyNotActivated)
	ErrLoginTaken     = &failure.Error{Kind: failure.Conflict, Key: KeyLoginTaken, Entity: "userManagement"}
	ErrEmailTaken     = &failure.Error{Kind: failure.Conflict, Key: KeyEmailTaken, Entity: "userManagement"}
	ErrInvalidKey     = failure.New(failure.Invalid, KeyInvalidKey)
	ErrWrongCode      = failure.New(failure.Invalid, KeyWrongCode)
	ErrCodeReused     = failure.New(failure.Invalid, KeyCodeReused)
	ErrWrongPassword  = failure.New(failure.Invalid, KeyWrongPassword)
	ErrUserNotFound   = failure.New(failure.NotFound, KeyUserNotFound)
)

// KeyCodeAttemptsExhausted: a pending sign-in tried too many second-factor
// codes and ended; only the password starts a new one.
const KeyCodeAttemptsExhausted = "error.mfa.attemptsExhausted"

// KeyCurrentPasswordWrong: the current password a change asked for is not
// the login's password.
const KeyCurrentPasswordWrong = "error.currentPasswordWrong"

// ErrCurrentPasswordWrong refuses a change that needs the current password.
var ErrCurrentPasswordWrong = &failure.Error{Kind: failure.Invalid, Key: KeyCurrentPasswordWrong,
	Fields: []failure.FieldViolation{{Object: "settings", Field: "currentPassword", Rule: "currentPasswordWrong"}}}

// KeyIdentityUnavailable: the identity provider did not answer in time;
// sign-in and every signed-in call wait for it.
const KeyIdentityUnavailable = "error.identityUnavailable"

// KeyCaptchaRequired: a sign-in past the limit of its login or its
// address needs a solved captcha (then it may try again); the refused try
// was not counted.
const KeyCaptchaRequired = "error.captchaRequired"
