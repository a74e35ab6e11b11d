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
	LabelDownloads  bool
	GridEditable    bool
}

// ActionsFor applies the table of spec 2 section 4.2.
func ActionsFor(s Status, admin bool, rows int, hasInvoice bool) Actions {
	in := func(statuses ...Status) bool { return slices.Contains(statuses, s) }
	return Actions{
		Send:               in(Created, Sending),
		SendEnabled:        s == Created && rows <= MaxRows,
		Cancel:             s == Sending && admin,
		GenerateManifest:   in(Sent, Cancelled, CreatingManifest),
		RegenerateManifest: admin && in(ErrorManifest, ManifestCreated),
		ManifestDownload:   s == ManifestCreated,
		InvoiceDownload:    s == ManifestCreated && hasInvoice,
		LabelDownloads:     in(Sent, Cancelled, CreatingManifest, ManifestCreated, ErrorManifest),
		GridEditable:       in(Created, Sent),
	}
}
