package customer

import (
	"context"
	"slices"

	"parcelportal/core/failure"
)

// CheckTargets are the services the customer form can test credentials against.
var CheckTargets = []string{"api", "tracking", "fulltrack", "a1", "grp"}

// CheckCredentials asks the named service whether it accepts the credentials.
func (s Service) CheckCredentials(ctx context.Context, c CredentialCheck) (bool, error) {
	if !slices.Contains(CheckTargets, c.Target) {
		return false, failure.InvalidFields(failure.FieldViolation{Object: "credentials", Field: "type", Rule: "pattern"})
	}
	return s.Checker.Check(ctx, c)
}
