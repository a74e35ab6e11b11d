// Package memory holds in-memory fakes of the portal's ports for fast app
// tests. Each fake passes the same contract test as its real adapter.
package memory

import (
	"context"

	"parcelportal/core/reference"
)

// Catalog serves a fixed set of reference data.
type Catalog struct{ catalog reference.Catalog }

// NewCatalog returns a catalog reader that always answers c.
func NewCatalog(c reference.Catalog) *Catalog { return &Catalog{catalog: c} }

// Catalog returns the reference data.
func (c *Catalog) Catalog(context.Context) (reference.Catalog, error) { return c.catalog, nil }
