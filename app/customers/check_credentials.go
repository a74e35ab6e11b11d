package customers

import (
	"context"
	"slices"

	"parcelportal/core/access"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
)

// CheckTargets are the services the customer form can test credentials against.
var CheckTargets = []string{"api", "tracking", "fulltrack", "a1", "grp"}

// CheckCredentials asks the named service whether it accepts the
// credentials. The form shows stored secrets masked: a masked value is
// replaced by the stored secret of customerID, which the caller must be
// allowed to act for.
func (s Service) CheckCredentials(ctx context.Context, caller *access.Caller, customerID int64, c CredentialCheck) (bool, error) {
	if !slices.Contains(CheckTargets, c.Target) {
		return false, failure.InvalidFields(failure.FieldViolation{Object: "credentials", Field: "type", Rule: customer.RulePattern})
	}
	masked := c.Password == customer.Mask || c.APIKey == customer.Mask || c.AccessKey == customer.Mask
	if masked && customerID > 0 {
		stored, err := s.visible(ctx, caller, customerID)
		if err != nil {
			return false, err
		}
		cr := stored.Credentials
		password, apiKey, accessKey := map[string]string{
			"api": cr.APIPassword, "tracking": cr.TrackingPassword, "a1": cr.A1Password, "grp": cr.GRPAPIPassword,
		}[c.Target], map[string]string{"a1": cr.A1APIKey, "fulltrack": cr.FulltrackAPIKey}[c.Target], cr.FulltrackAccessKey
		if c.Password == customer.Mask {
			c.Password = password
		}
		if c.APIKey == customer.Mask {
			c.APIKey = apiKey
		}
		if c.AccessKey == customer.Mask {
			c.AccessKey = accessKey
		}
	}
	return s.Checker.Check(ctx, c)
}
