package batch

import (
	"time"

	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

// Batch is one uploaded CSV and what became of it (spec 2 section 3). The
// file itself and the manifest document are read only when downloaded.
type Batch struct {
	ID         int64
	CustomerID int64
	FileName   string
	Status     Status
	CreatedAt  time.Time
	CreatedBy  string
	// CreatedByAdmin and SentByAdmin: the person was an admin then, so the
	// pages mark the name "(ADMIN)" (spec 2 section 6).
	CreatedByAdmin bool
	// SentAt and SentBy name the last send; zero before the first.
	SentAt      time.Time
	SentBy      string
	SentByAdmin bool
	LabelType   string
	// JobFilter is what the running or last job works on.
	JobFilter Filter
	// Processed of Total shipments the running job has finished.
	Processed, Total int
	// ErrorMessage is why the last job failed, as a message key, with the
	// values the message names in ErrorParams.
	ErrorMessage string
	ErrorParams  map[string]string
	RowCount     int
	InvalidRows  int
	// HasInvoice: a row names an invoice number, so the grid shows the
	// invoice columns and a manifested batch has a commercial invoice.
	HasInvoice bool
	// Counts are read from the shipments; storing a batch ignores them.
	Counts Counts
}

// Counts summarise a batch's shipments and documents; cancelled shipments
// count only as shipments.
type Counts struct {
	Shipments        int
	Labelled         int
	CustomsDocs      int
	ErrorShipments   int
	ChangedShipments int
	// Open shipments are PENDING or SUBMITTING: a job is about to ask, or
	// is asking, the carrier for their label.
	Open        int
	HasManifest bool
}

// HasLabels: some shipment holds a label that is not cancelled.
func (c Counts) HasLabels() bool { return c.Labelled > 0 }

// HasCustomsDocs: some shipment that is not cancelled holds a customs document.
func (c Counts) HasCustomsDocs() bool { return c.CustomsDocs > 0 }

// MayHoldLiveLabels: some label of the batch is, or may be about to be,
// valid at the carrier.
func (c Counts) MayHoldLiveLabels() bool { return c.Labelled > 0 || c.Open > 0 }

// Valid: a batch is valid only if all its rows are (spec 2 section 3).
func (b Batch) Valid() bool { return b.InvalidRows == 0 }

// ValidatedShipment is one grid row: a CSV row with every field checked,
// placed in its batch. A valid one is the draft its shipment.Shipment is
// made from (shipment.New); an edit after labelling sets Changed, so the
// shipment may be sent again with the row's new values.
type ValidatedShipment struct {
	ID       int64
	BatchID  int64
	Position int
	// Changed: edited after its shipment was labelled.
	Changed bool
	shipment.Validated
}

// Shipment is a row's life at the carrier, as lists and downloads see it.
type Shipment struct {
	ID                  int64
	BatchID             int64
	CustomerID          int64
	ValidatedShipmentID int64
	Position            int
	Success             bool
	Cancelled           bool
	// ErrorMessage is a message key (a carrier refusal is explained by
	// carrier.Fault.Explain); ErrorParams are the values it names.
	ErrorMessage     string
	ErrorParams      map[string]string
	Identifier       string
	LabelType        string
	LabelContentType string
	HasLabel         bool
	HasCustomsDoc    bool
	SubmittedAt      time.Time
	ReferenceNumber  string
	ReceiverName     string
	Product          string
	Service          string
	Destination      string
	APIClient        string
	Retoure          bool
	// Changed is the grid row's flag: edited after labelling.
	Changed bool
	// BatchStatus decides which row actions apply.
	BatchStatus Status
}

// Row is what the row rules need of the shipment.
func (s Shipment) Row() Row { return Row{Changed: s.Changed, Success: s.Success} }

// Updateable and Deleteable apply the row rules of spec 2 section 4.3.
func (s Shipment) Updateable() bool { return Updateable(s.Row(), s.BatchStatus) }

// Deleteable: see Updateable.
func (s Shipment) Deleteable() bool { return Deleteable(s.Row(), s.BatchStatus) }

// Labelled: the shipment holds a label the carrier has not cancelled.
func (s Shipment) Labelled() bool { return s.HasLabel && !s.Cancelled }

// Removable: a batch is deleted only when no job works on it and it has no
// manifest (spec 2 section 2.1: delete is disabled while sending, resending,
// creating a manifest, deleting, and once manifested).
func Removable(s Status) bool { return !s.InProgress() && s != ManifestCreated }

// Deletable: the batch may be deleted now. A manifest stays, also in
// ERROR_MANIFEST after a regeneration failed.
func (b Batch) Deletable() bool { return Removable(b.Status) && !b.Counts.HasManifest }

// DeleteGoesThroughCarrier: deleting the batch must first cancel labels
// at the carrier (or wait for one being made), so it starts a job
// (StartDeleteBatch) instead of removing the batch at once; a label
// forgotten by the portal would stay valid, and billable, at the carrier.
func (b Batch) DeleteGoesThroughCarrier() bool { return b.Counts.MayHoldLiveLabels() }

// Viewable: the batch page opens in every status but DELETING.
func Viewable(s Status) bool { return s != Deleting }

// KeyUnknownFilter is the failure of a shipment filter other than ALL, CHANGED or ERROR.
const KeyUnknownFilter = "error.batch.unknownFilter"

// ParseFilter reads a shipment filter; empty means ALL.
func ParseFilter(s string) (Filter, error) {
	switch f := Filter(s); f {
	case "":
		return FilterAll, nil
	case FilterAll, FilterChanged, FilterError:
		return f, nil
	}
	return "", failure.New(failure.Invalid, KeyUnknownFilter, "filter", s)
}
