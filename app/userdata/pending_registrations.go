package userdata

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// PendingRegistrations returns a page of the self-registrations waiting for
// a link, oldest first, so that none is forgotten (staff, who link them).
func (s Service) PendingRegistrations(ctx context.Context, caller *access.Caller, page, size int) ([]Request, int, error) {
	if err := access.Staff.Check(caller); err != nil {
		return nil, 0, err
	}
	if size == 0 {
		size = 20
	}
	var violations []failure.FieldViolation
	if page < 0 {
		violations = append(violations, failure.FieldViolation{Object: "registrationRequest", Field: "page", Rule: account.RuleSize})
	}
	if size < 1 || size > 100 {
		violations = append(violations, failure.FieldViolation{Object: "registrationRequest", Field: "size", Rule: account.RuleSize})
	}
	if len(violations) > 0 {
		return nil, 0, failure.InvalidFields(violations...)
	}
	return s.Requests.Pending(ctx, page, size)
}
