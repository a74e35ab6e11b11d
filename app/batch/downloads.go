package batch

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/failure"
	"parcelportal/core/invoice"
)

// File is a download: its name, type and bytes.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// Content types of downloads.
const (
	ContentPDF = "application/pdf"
	ContentZPL = "text/plain; charset=utf-8"
	ContentCSV = "text/csv"
	ContentXML = "text/xml; charset=utf-8"
)

// manifestTime is the timestamp in manifest file names (spec 2 section 9).
const manifestTime = "20060102-150405"

// downloadable reads a visible batch whose status offers the labels and
// customs documents (spec 2 section 4.2).
func (s Service) downloadable(ctx context.Context, caller *access.Caller, id int64) (batch.Batch, error) {
	b, err := s.visible(ctx, caller, id)
	if err != nil {
		return batch.Batch{}, err
	}
	if !viewOf(caller, b).Actions.LabelDownloads {
		return batch.Batch{}, notNow(b.Status, "download")
	}
	return b, nil
}

// Labels joins the labels of the batch: PDF labels into one PDF, a page per
// label; ZPL labels into one text for the printer. Labels of different types
// are never mixed.
func (s Service) Labels(ctx context.Context, caller *access.Caller, id int64) (File, error) {
	if _, err := s.downloadable(ctx, caller, id); err != nil {
		return File{}, err
	}
	docs, err := s.Store.Labels(ctx, id)
	if err != nil {
		return File{}, err
	}
	if len(docs) == 0 {
		return File{}, failure.New(failure.NotFound, batch.KeyNoLabels)
	}
	kind := labelKind(docs[0])
	for _, d := range docs[1:] {
		if labelKind(d) != kind {
			return File{}, failure.New(failure.Conflict, batch.KeyDontMixLabelTypes)
		}
	}
	if kind == carrier.LabelPDF {
		merged, err := s.Merge(data(docs))
		if err != nil {
			return File{}, fmt.Errorf("merge labels of batch %d: %w", id, err)
		}
		return File{Name: fmt.Sprintf("labels-%d.pdf", id), ContentType: ContentPDF, Data: merged}, nil
	}
	return File{Name: fmt.Sprintf("labels-%d.zpl", id), ContentType: ContentZPL, Data: joinText(data(docs))}, nil
}

// labelKind tells PDF from ZPL labels; the Zebra resolutions count as one
// kind only if they are the same type.
func labelKind(d Document) string {
	switch {
	case d.LabelType != "":
		return d.LabelType
	case strings.HasPrefix(d.ContentType, ContentPDF):
		return carrier.LabelPDF
	}
	return carrier.LabelZebra
}

func data(docs []Document) [][]byte {
	out := make([][]byte, len(docs))
	for i, d := range docs {
		out[i] = d.Data
	}
	return out
}

// joinText puts texts one after the other, each ending with a line break.
func joinText(parts [][]byte) []byte {
	var b bytes.Buffer
	for _, p := range parts {
		b.Write(p)
		if len(p) > 0 && p[len(p)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// CustomsDocs joins the customs documents of the batch into one PDF.
func (s Service) CustomsDocs(ctx context.Context, caller *access.Caller, id int64) (File, error) {
	if _, err := s.downloadable(ctx, caller, id); err != nil {
		return File{}, err
	}
	docs, err := s.Store.CustomsDocs(ctx, id)
	if err != nil {
		return File{}, err
	}
	if len(docs) == 0 {
		return File{}, failure.New(failure.NotFound, batch.KeyNoCustomsDocs)
	}
	merged, err := s.Merge(data(docs))
	if err != nil {
		return File{}, fmt.Errorf("merge customs documents of batch %d: %w", id, err)
	}
	return File{Name: fmt.Sprintf("customs-docs-%d.pdf", id), ContentType: ContentPDF, Data: merged}, nil
}

// Manifest sends the manifest of a manifested batch; the file name carries
// the time the manifest was made.
func (s Service) Manifest(ctx context.Context, caller *access.Caller, id int64) (File, error) {
	b, err := s.visible(ctx, caller, id)
	if err != nil {
		return File{}, err
	}
	if !viewOf(caller, b).Actions.ManifestDownload {
		return File{}, notNow(b.Status, "downloadManifest")
	}
	doc, at, err := s.Store.Manifest(ctx, id)
	if err != nil {
		return File{}, err
	}
	if doc == nil {
		return File{}, failure.New(failure.NotFound, batch.KeyNoManifest)
	}
	if at.IsZero() {
		at = s.now()
	}
	return File{Name: fmt.Sprintf("manifest-%d-%s.pdf", id, at.UTC().Format(manifestTime)), ContentType: ContentPDF, Data: doc}, nil
}

// CSV sends the file as it was uploaded, under its name.
func (s Service) CSV(ctx context.Context, caller *access.Caller, id int64) (File, error) {
	b, err := s.visible(ctx, caller, id)
	if err != nil {
		return File{}, err
	}
	doc, err := s.Store.CSV(ctx, id)
	if err != nil {
		return File{}, err
	}
	return File{Name: b.FileName, ContentType: ContentCSV, Data: doc}, nil
}

// Traffic (admins) sends every SOAP request or response exchanged for the
// batch, in order.
func (s Service) Traffic(ctx context.Context, caller *access.Caller, id int64, kind string) (File, error) {
	if !caller.IsAdmin() {
		return File{}, batch.ErrAdminOnly
	}
	if kind != "request" && kind != "response" {
		return File{}, failure.New(failure.Invalid, batch.KeyTrafficKind, "kind", kind)
	}
	if _, err := s.visible(ctx, caller, id); err != nil {
		return File{}, err
	}
	texts, err := s.Store.Traffic(ctx, id, kind == "response")
	if err != nil {
		return File{}, err
	}
	parts := make([][]byte, len(texts))
	for i, t := range texts {
		parts[i] = []byte(t)
	}
	return File{Name: fmt.Sprintf("batch-%d-%ss.xml", id, kind), ContentType: ContentXML, Data: joinText(parts)}, nil
}

// CommercialInvoice renders the commercial invoices of a manifested batch
// with invoice data: one per invoice number, over its labelled shipments.
func (s Service) CommercialInvoice(ctx context.Context, caller *access.Caller, id int64) (File, error) {
	b, err := s.visible(ctx, caller, id)
	if err != nil {
		return File{}, err
	}
	if !b.HasInvoice {
		return File{}, failure.New(failure.NotFound, batch.KeyNoInvoice)
	}
	if !viewOf(caller, b).Actions.InvoiceDownload {
		return File{}, notNow(b.Status, "downloadInvoice")
	}
	rows, err := s.Store.Rows(ctx, id, false)
	if err != nil {
		return File{}, err
	}
	shipments, _, err := s.Store.Shipments(ctx, ShipmentQuery{BatchID: id, Filter: batch.FilterAll, Size: batch.MaxRows * 4})
	if err != nil {
		return File{}, err
	}
	identifiers := map[int64]string{}
	for _, sh := range shipments {
		if sh.Labelled() && sh.Success {
			identifiers[sh.ValidatedShipmentID] = sh.Identifier
		}
	}
	var labelled []invoice.Labelled
	for _, r := range rows {
		if ident, ok := identifiers[r.ID]; ok {
			labelled = append(labelled, invoice.Labelled{Row: r.Validated, Identifier: ident})
		}
	}
	c, err := s.Customers.Get(ctx, b.CustomerID)
	if err != nil {
		return File{}, err
	}
	seller := invoice.Party{Name: c.Name, Street: c.Address.Street, Postcode: c.Address.ZipCode, City: c.Address.City,
		Country: c.Address.CountryCode, EORI: c.SellerEORI, TaxID: c.SenderTaxID}
	invoices := invoice.Build(seller, labelled)
	if len(invoices) == 0 {
		return File{}, failure.New(failure.NotFound, batch.KeyNoInvoice)
	}
	doc, err := s.Invoices.RenderCommercialInvoices(invoices)
	if err != nil {
		return File{}, fmt.Errorf("render commercial invoice of batch %d: %w", id, err)
	}
	return File{Name: fmt.Sprintf("commercial-invoice-%d.pdf", id), ContentType: ContentPDF, Data: doc}, nil
}
