package management

import (
	"context"

	"parcelportal/core/reference"
)

// GetProductsAndServices returns the carrier's reference lists.
func (q Queries) GetProductsAndServices(ctx context.Context) (reference.Catalog, error) {
	return q.Catalogs.Catalog(ctx)
}
