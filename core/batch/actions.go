package batch

import "slices"

// Actions are what the batch page offers a person in a status (spec 2
// section 4.2). Offered is not the same as enabled: Send shows during
// SENDING but is disabled, as is a button just clicked.
type Actions struct {
	Send             bool
	SendEnabled      bool
	Cancel           bool
	GenerateManifest bool
	// RegenerateManifest is the admins' manifest button in ERROR_MANIFEST
	// and MANIFEST_CREATED; it reads 'regenerate'.
	RegenerateManifest bool
	ManifestDownload   bool
	// InvoiceDownload needs an invoice in the batch as well.
	InvoiceDownload bool
	// LabelDownloads: the labels download (and print); CustomsDocsDownload
	// the customs documents. Each needs a document that is not cancelled.
	LabelDownloads      bool
	CustomsDocsDownload bool
	GridEditable        bool
	// Delete and View are the batch list's row actions (spec 2 section 2.1).
	Delete bool
	View   bool
	// BulkAll, BulkChanged and BulkError are the Shipments tab's resend and
	// delete with each filter.
	BulkAll, BulkChanged, BulkError Bulk
}

// ActionsFor applies the table of spec 2 section 4.2 to the batch, and
// offers only what can succeed: a manifest and the label downloads need a
// label that is not cancelled (a CANCELLED batch usually has none), the
// customs download a customs document, the manifest download a manifest.
func ActionsFor(b Batch, admin bool) Actions {
	s, c := b.Status, b.Counts
	in := func(statuses ...Status) bool { return slices.Contains(statuses, s) }
	documents := OffersDocuments(s)
	return Actions{
		Send:                in(Created, Sending),
		SendEnabled:         s == Created && b.RowCount <= MaxRows,
		Cancel:              s == Sending && admin,
		GenerateManifest:    in(Sent, Cancelled, CreatingManifest) && c.HasLabels(),
		RegenerateManifest:  admin && in(ErrorManifest, ManifestCreated) && c.HasLabels(),
		ManifestDownload:    OffersManifest(s) && c.HasManifest,
		InvoiceDownload:     OffersManifest(s) && c.HasManifest && b.HasInvoice,
		LabelDownloads:      documents && c.HasLabels(),
		CustomsDocsDownload: documents && c.HasCustomsDocs(),
		GridEditable:        in(Created, Sent),
		Delete:              b.Deletable(),
		View:                Viewable(s),
		BulkAll:             BulkFor(b, admin, FilterAll),
		BulkChanged:         BulkFor(b, admin, FilterChanged),
		BulkError:           BulkFor(b, admin, FilterError),
	}
}

// OffersDocuments: the status offers the labels and customs documents
// (spec 2 section 4.2), when the batch holds any.
func OffersDocuments(s Status) bool {
	return slices.Contains([]Status{Sent, Cancelled, CreatingManifest, ManifestCreated, ErrorManifest}, s)
}

// OffersManifest: the status offers the manifest and the commercial
// invoice downloads (spec 2 section 4.2), when they exist.
func OffersManifest(s Status) bool { return s == ManifestCreated }
