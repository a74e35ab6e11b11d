package customers

import (
	"context"
	"strings"

	"parcelportal/core/access"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
)

// CarrierList fetches the aggregator's carrier list as CSV with an API
// login. Contract: the CSV as the aggregator sends it; a refused login, an
// answer that is not a CSV and a service that cannot be reached are all
// errors (any error is told to the user as one failure).
type CarrierList interface {
	CarriersCSV(ctx context.Context, username, password string) ([]byte, error)
}

// DownloadCarriersCSV fetches the aggregator's carrier list with the API
// login the customer form shows (admins only, as the credentials tab). A
// masked password stands for the stored one of customerID, which the
// caller must be allowed to act for. Without a user name or password it is
// refused with KeyCarriersMissingCredentials before anything is asked; any
// failure of the aggregator is KeyCarriersDownloadFailed.
func (s Service) DownloadCarriersCSV(ctx context.Context, caller *access.Caller, customerID int64, username, password string) ([]byte, error) {
	if err := access.Admins.Check(caller); err != nil {
		return nil, err
	}
	username = strings.TrimSpace(username)
	if password == customer.Mask && customerID > 0 {
		stored, err := s.visible(ctx, caller, customerID)
		if err != nil {
			return nil, err
		}
		password = stored.Credentials.APIPassword
	}
	if username == "" || password == "" || password == customer.Mask {
		return nil, failure.New(failure.Invalid, customer.KeyCarriersMissingCredentials)
	}
	if s.Carriers == nil {
		return nil, failure.New(failure.Unavailable, customer.KeyCarriersDownloadFailed)
	}
	csv, err := s.Carriers.CarriersCSV(ctx, username, password)
	if err != nil {
		return nil, &failure.Error{Kind: failure.Unavailable, Key: customer.KeyCarriersDownloadFailed, Cause: err}
	}
	return csv, nil
}
