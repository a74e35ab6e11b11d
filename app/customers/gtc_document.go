package customers

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/failure"
)

// GTCDocument renders the country's terms as PDF for any signed-in caller.
func (s Service) GTCDocument(_ context.Context, caller *access.Caller, country string) ([]byte, error) {
	if err := access.SignedIn.Check(caller); err != nil {
		return nil, err
	}
	t, err := GTCTerms(country)
	if err != nil {
		return nil, err
	}
	if s.Terms == nil {
		return nil, failure.New(failure.Unavailable, "error.gtc.unavailable")
	}
	return s.Terms.RenderTerms(t)
}
