package account

import (
	"fmt"
	"slices"
	"time"

	"parcelportal/core/failure"
)

// SkipChoices are the days a user may postpone device registration by (spec 1 section 9).
var SkipChoices = []int{0, 7, 14, 30}

// CodeFromNumber restores the leading zeros of a code sent as a number
// (spec 1 section 5: submitted as a number once six digits are entered).
func CodeFromNumber(n int32) (string, error) {
	if n < 0 || n > 999999 {
		return "", failure.InvalidFields(failure.FieldViolation{Object: "mfa", Field: "code", Rule: RulePattern})
	}
	return fmt.Sprintf("%06d", n), nil
}

// SkipUntil is when device registration is asked for again after skipping
// for days; skipping for 0 days skips only this sign-in.
func SkipUntil(days int, now time.Time) (time.Time, error) {
	if !slices.Contains(SkipChoices, days) {
		return time.Time{}, failure.InvalidFields(failure.FieldViolation{Object: "mfa", Field: "skipDays", Rule: RulePattern})
	}
	return now.AddDate(0, 0, days), nil
}

// NeedsSecondFactor decides whether a password sign-in must continue in the
// MFA dialog: always for a user with a device; for a user without one
// (the dialog offers registration) unless a skip is still running.
func NeedsSecondFactor(featureOn, hasDevice bool, skipUntil, now time.Time) bool {
	if !featureOn {
		return false
	}
	return hasDevice || !now.Before(skipUntil)
}
