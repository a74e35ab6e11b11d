package organisations

import (
	"context"

	"parcelportal/core/access"
	"parcelportal/core/organisation"
)

// ListFulfillments returns a page of fulfillments (staff).
func (s Service) ListFulfillments(ctx context.Context, caller *access.Caller, p Page) ([]organisation.Fulfillment, int, error) {
	if err := access.Staff.Check(caller); err != nil {
		return nil, 0, err
	}
	if p.Size <= 0 {
		p.Size = DefaultPageSize
	}
	p.Page = max(p.Page, 0)
	return s.Fulfillments.ListFulfillments(ctx, p)
}
