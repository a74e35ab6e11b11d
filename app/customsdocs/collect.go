package customsdocs

import (
	"context"
	"errors"
	"fmt"
	"time"

	"parcelportal/app/batchjob"
	"parcelportal/core/customsdoc"
)

// Collector fetches the customs documents the carrier published for the
// customers' manifested shipments and stores them (the worker calls Tick
// periodically). Each document is stored before it is acknowledged, and
// stored once per customer by its carrier id: a crash between the two, or
// two workers at once, fetch it again and store nothing twice.
type Collector struct {
	Store     Store
	Shippers  Shippers
	Publisher Publisher
	Now       func() time.Time
	// Window: customers with a manifest created in this window are asked
	// (default 30 days).
	Window time.Duration
	// Page is how many documents one request fetches (default 50); a
	// customer is asked at most MaxPages times a tick.
	Page, MaxPages int
}

// Tick collects for every manifesting customer; a customer whose carrier
// call fails does not stop the others, and the next tick tries again.
func (c Collector) Tick(ctx context.Context) error {
	now := time.Now().UTC()
	if c.Now != nil {
		now = c.Now().UTC()
	}
	window, page, pages := c.Window, c.Page, c.MaxPages
	if window <= 0 {
		window = 30 * 24 * time.Hour
	}
	if page <= 0 {
		page = 50
	}
	if pages <= 0 {
		pages = 20
	}
	shippers, err := c.Shippers.Manifesting(ctx, now.Add(-window))
	if err != nil {
		return err
	}
	var errs []error
	for _, cust := range shippers {
		creds, ok := batchjob.CredentialsOf(cust)
		if !ok {
			continue
		}
		for range pages {
			docs, err := c.Publisher.PublishedCustomsDocuments(ctx, creds, page)
			if err != nil {
				errs = append(errs, fmt.Errorf("customs documents of %s: %w", cust.CRMID, err))
				break
			}
			if len(docs) == 0 {
				break
			}
			ids := make([]string, 0, len(docs))
			for _, d := range docs {
				name := customsdoc.CleanFilename(d.Filename)
				if name == "" {
					name = customsdoc.CarrierFilename(d.Identifier)
				}
				_, _, err := c.Store.Add(ctx, customsdoc.Document{
					CustomerID: cust.ID, CRMID: cust.CRMID, Identifier: d.Identifier, Source: customsdoc.SourceCarrier,
					CarrierDocumentID: d.ID, Filename: name, ContentType: "application/pdf", Size: int64(len(d.Content)),
					UploadedAt: now, UploadedBy: customsdoc.UploadedByCarrier,
				}, d.Content)
				if err != nil {
					return errors.Join(append(errs, err)...)
				}
				ids = append(ids, d.ID)
			}
			if err := c.Publisher.AcknowledgeCustomsDocuments(ctx, creds, ids); err != nil {
				errs = append(errs, fmt.Errorf("acknowledge customs documents of %s: %w", cust.CRMID, err))
				break
			}
			if len(docs) < page {
				break
			}
		}
	}
	return errors.Join(errs...)
}
