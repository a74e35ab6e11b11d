package inquiries

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/failure"
	"parcelportal/core/inquiry"
)

// Admission is an inquiry let in before its form is read: an anonymous
// visitor was counted against its client address and answered the
// captcha, a signed-in caller holds a tracking role and was counted against
// its login; either holds a slot of the Bodies gate. Submit takes it
// instead of admitting the caller again; Done frees the gate's slot.
type Admission struct {
	login string
	leave func()
}

// Done frees what the admission holds; it may be called more than once.
func (a *Admission) Done() {
	if a != nil && a.leave != nil {
		a.leave()
		a.leave = nil
	}
}

// Admit lets a filing in before a byte of its form is read (the body of an
// inquiry inflates to up to 33 MB and is held several times over while it
// is decoded): an anonymous visitor is counted against its client address
// (past the limit: error.inquiry.tooManyRequests) and must answer the
// captcha (error.inquiry.invalidCaptcha); a signed-in caller must hold a
// tracking role and is counted against its login with the same limit, since
// its inquiry mails a chosen address as an anonymous one does. Then either
// waits for a slot of the Bodies gate.
func (s Service) Admit(ctx context.Context, caller *access.Caller, captchaToken, remoteAddr string) (*Admission, error) {
	a := &Admission{}
	if caller != nil {
		if err := Roles.Check(caller); err != nil {
			return nil, err
		}
		if err := s.attempt(ctx, LoginKey+caller.Login); err != nil {
			return nil, err
		}
		a.login = caller.Login
	} else {
		if err := s.attempt(ctx, AddrKey+remoteAddr); err != nil {
			return nil, err
		}
		if s.Captcha.Enabled() {
			if err := s.Captcha.Verify(ctx, captchaToken, remoteAddr); err != nil {
				return nil, failure.New(failure.Invalid, inquiry.KeyInvalidCaptcha)
			}
		}
	}
	leave, err := s.Bodies.Enter(ctx)
	if err != nil {
		return nil, err
	}
	a.leave = leave
	return a, nil
}

// attempt counts one inquiry against the throttle's key.
func (s Service) attempt(ctx context.Context, key string) error {
	allowed, err := s.Throttle.Attempt(ctx, []string{key}, s.now())
	if err != nil {
		return err
	}
	if !allowed {
		return failure.New(failure.TooMany, inquiry.KeyTooMany)
	}
	return nil
}

// admits tells whether the admission is the caller's.
func (a *Admission) admits(caller *access.Caller) bool {
	if caller == nil {
		return a.login == ""
	}
	return a.login != "" && a.login == caller.Login
}
