package userdata

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/account"
	"parcelportal/core/failure"
	"parcelportal/core/organisation"
)

// Create links an existing login; empty references are dropped. Only staff
// link: a link grants access to the customer's data.
func (s Service) Create(ctx context.Context, caller *access.Caller, login string, customerID, fulfillmentID int64) (Named, error) {
	if err := access.Staff.Check(caller); err != nil {
		return Named{}, err
	}
	if login == "" {
		return Named{}, failure.InvalidFields(failure.FieldViolation{Object: "userData", Field: "user", Rule: account.RuleRequired})
	}
	u, err := s.Users.FindByLogin(ctx, login)
	if err != nil {
		return Named{}, err
	}
	l, err := s.Store.Create(ctx, u.Login, u.ID, dropEmpty(customerID), dropEmpty(fulfillmentID))
	return Named{Link: l, User: u}, err
}

// dropEmpty turns the browser's empty reference into none.
func dropEmpty(id int64) int64 {
	if organisation.IsEmptyRef(id) {
		return 0
	}
	return id
}
