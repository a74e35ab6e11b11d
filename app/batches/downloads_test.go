package batches_test

import (
	"encoding/xml"
	"fmt"
	"strings"
	"testing"
	"time"

	"parcelportal/adapters/memory"
	"parcelportal/app/batches"
	"parcelportal/app/batchjob"
	"parcelportal/core/batch"
	"parcelportal/core/carrier"
	"parcelportal/core/failure"
)

func labelled(batchID, customerID, rowID int64, position int, labelType string) memory.StoredShipment {
	label, contentType := []byte("%PDF label "+string(rune('0'+position))), "application/pdf"
	if labelType != "PDF" {
		label, contentType = []byte("^XA^FDlabel "+string(rune('0'+position))+"^FS^XZ"), "text/plain"
	}
	return memory.StoredShipment{
		Shipment: batch.Shipment{BatchID: batchID, CustomerID: customerID, ValidatedShipmentID: rowID, Position: position, Success: true,
			Identifier: "LX" + string(rune('0'+position)), LabelType: labelType, LabelContentType: contentType},
		Label: label, CustomsDoc: []byte("%PDF customs " + string(rune('0'+position))),
		SOAPRequest: "<addAndPrint/>", SOAPResponse: "<label/>",
	}
}

// cancelledLabel is a PDF label that was cancelled at the carrier.
func cancelledLabel(batchID, customerID, rowID int64, position int) memory.StoredShipment {
	sh := labelled(batchID, customerID, rowID, position, "PDF")
	sh.Cancelled = true
	return sh
}

func failedShipment(batchID, customerID, rowID int64, position int) memory.StoredShipment {
	return memory.StoredShipment{Shipment: batch.Shipment{BatchID: batchID, CustomerID: customerID, ValidatedShipmentID: rowID,
		Position: position, ErrorMessage: "invalid postal code"}}
}

func TestLabelDownloads(t *testing.T) {
	f := setup(t)
	v, rows := f.uploadRows(t, 4)
	if _, err := f.svc.Labels(ctx, f.user, v.ID); !failure.HasKey(err, batch.KeyNotAllowedNow) {
		t.Errorf("labels of a created batch = %v", err)
	}
	f.force(t, v.ID, batch.Sent)
	if _, err := f.svc.Labels(ctx, f.user, v.ID); !failure.HasKey(err, batch.KeyNoLabels) {
		t.Errorf("labels of a batch without any = %v", err)
	}
	if _, err := f.svc.CustomsDocs(ctx, f.user, v.ID); !failure.HasKey(err, batch.KeyNoCustomsDocs) {
		t.Errorf("customs documents of a batch without any = %v", err)
	}
	f.store.PutShipment(labelled(v.ID, f.mine.ID, rows[1].ID, 2, "PDF"))
	f.store.PutShipment(labelled(v.ID, f.mine.ID, rows[0].ID, 1, "PDF"))
	f.store.PutShipment(cancelledLabel(v.ID, f.mine.ID, rows[2].ID, 3))

	file, err := f.svc.Labels(ctx, f.user, v.ID)
	if err != nil || file.ContentType != batches.ContentPDF || string(file.Data) != "%PDF label 1|%PDF label 2" || !strings.HasSuffix(file.Name, ".pdf") {
		t.Fatalf("PDF labels = %q %s %q, %v", file.Name, file.ContentType, file.Data, err)
	}
	customs, err := f.svc.CustomsDocs(ctx, f.user, v.ID)
	if err != nil || string(customs.Data) != "%PDF customs 1|%PDF customs 2" || customs.ContentType != batches.ContentPDF {
		t.Fatalf("customs documents = %q, %v", customs.Data, err)
	}

	f.store.PutShipment(labelled(v.ID, f.mine.ID, rows[3].ID, 4, "Zebra"))
	if _, err := f.svc.Labels(ctx, f.user, v.ID); !failure.HasKey(err, carrier.KeyDontMixLabelTypes) {
		t.Errorf("mixed label types = %v", err)
	}

	zpl := f.upload(t, generated(t, 4, noEdit))
	zrows, _ := f.svc.ListValidatedShipments(ctx, f.user, zpl.ID, false)
	f.store.PutShipment(labelled(zpl.ID, f.mine.ID, zrows[0].ID, 1, "Zebra"))
	f.store.PutShipment(labelled(zpl.ID, f.mine.ID, zrows[1].ID, 2, "Zebra"))
	f.force(t, zpl.ID, batch.ManifestCreated)
	file, err = f.svc.Labels(ctx, f.user, zpl.ID)
	if err != nil || !strings.HasPrefix(file.ContentType, "text/plain") || string(file.Data) != "^XA^FDlabel 1^FS^XZ\n^XA^FDlabel 2^FS^XZ\n" {
		t.Fatalf("ZPL labels = %s %q, %v", file.ContentType, file.Data, err)
	}
}

func TestManifestDownloadNamesItsTime(t *testing.T) {
	f := setup(t)
	v := f.upload(t, generated(t, 4, noEdit))
	f.force(t, v.ID, batch.Sent)
	if _, err := f.svc.Manifest(ctx, f.user, v.ID); !failure.HasKey(err, batch.KeyNotAllowedNow) {
		t.Errorf("manifest of a sent batch = %v", err)
	}
	f.force(t, v.ID, batch.ManifestCreated)
	if _, err := f.svc.Manifest(ctx, f.user, v.ID); !failure.HasKey(err, batch.KeyNoManifest) {
		t.Errorf("manifest without a document = %v", err)
	}
	f.store.PutManifest(v.ID, []byte("%PDF manifest"), time.Date(2026, 6, 2, 14, 5, 9, 0, time.UTC))
	file, err := f.svc.Manifest(ctx, f.user, v.ID)
	want := "manifest-" + itoa(v.ID) + "-20260602-140509.pdf"
	if err != nil || file.Name != want || string(file.Data) != "%PDF manifest" || file.ContentType != batches.ContentPDF {
		t.Fatalf("manifest = %q (want %q), %v", file.Name, want, err)
	}
}

func TestCommercialInvoiceOfAManifestedBatch(t *testing.T) {
	f := setup(t)
	v := f.upload(t, invoiceFile(t))
	if !v.HasInvoice || !v.Valid() {
		t.Fatalf("invoice file = %+v", v.Batch)
	}
	rows, _ := f.svc.ListValidatedShipments(ctx, f.user, v.ID, false)
	var invoiceRow batch.ValidatedShipment
	for _, r := range rows {
		if r.Fields["invoiceNumber"].Value != "" {
			invoiceRow = r
		}
	}
	f.store.PutShipment(labelled(v.ID, f.mine.ID, invoiceRow.ID, invoiceRow.Position, "PDF"))
	f.store.PutShipment(labelled(v.ID, f.mine.ID, rows[0].ID, 1, "PDF"))
	f.force(t, v.ID, batch.Sent)
	if _, err := f.svc.CommercialInvoice(ctx, f.user, v.ID); !failure.HasKey(err, batch.KeyNotAllowedNow) {
		t.Errorf("invoice before the manifest = %v", err)
	}
	f.force(t, v.ID, batch.ManifestCreated)
	file, err := f.svc.CommercialInvoice(ctx, f.user, v.ID)
	if err != nil || file.ContentType != batches.ContentPDF || string(file.Data) != "%PDF invoice" {
		t.Fatalf("invoice = %+v, %v", file, err)
	}
	if len(f.invoices.got) != 1 {
		t.Fatalf("rendered %d invoices", len(f.invoices.got))
	}
	inv := f.invoices.got[0]
	// 1 x 18,50 + 3 x 4,90 = 33,20; DDP adds 12,00 + 3,20 + 5,10.
	if inv.Number != "INV-1" || inv.Subtotal != 33.2 || inv.Total != 53.5 || inv.Seller.Name != f.mine.Name ||
		len(inv.Parcels) != 1 || inv.Parcels[0].Identifier == "" || inv.Currency != "EUR" || len(inv.Lines) != 2 {
		t.Errorf("invoice = %+v", inv)
	}

	plain := f.upload(t, mixedFile(t))
	f.force(t, plain.ID, batch.ManifestCreated)
	if _, err := f.svc.CommercialInvoice(ctx, f.user, plain.ID); !failure.HasKey(err, batch.KeyNoInvoice) {
		t.Errorf("invoice of a batch without invoice data = %v", err)
	}
}

func TestTrafficForAdmins(t *testing.T) {
	f := setup(t)
	v := f.upload(t, generated(t, 4, noEdit))
	id := f.store.PutShipment(labelled(v.ID, f.mine.ID, 0, 1, "PDF"))
	at := time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC)
	envelope := `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><r>&amp; 1</r></soap:Body></soap:Envelope>`
	f.store.PutExchange(v.ID, id, batchjob.OpAddAndPrint, at, "<a/>", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"+envelope)
	f.store.PutExchange(v.ID, 0, batchjob.OpCreateManifest, at.Add(time.Second), "<b/>", "<html><body>502 Bad Gateway<br></body></html>")
	f.store.PutExchange(v.ID, 0, batchjob.OpCancel, at.Add(2*time.Second), "<c/>", "")
	file, err := f.svc.Traffic(ctx, f.admin, v.ID, "response")
	if err != nil || !strings.HasPrefix(file.ContentType, "text/xml") || file.Name != fmt.Sprintf("batch-%d-responses.xml", v.ID) {
		t.Fatalf("responses = %q %q, %v", file.Name, file.ContentType, err)
	}
	// One well-formed document: encoding/xml reads it whole.
	var doc struct {
		XMLName   xml.Name `xml:"traffic"`
		Batch     int64    `xml:"batch,attr"`
		Kind      string   `xml:"kind,attr"`
		Exchanges []struct {
			Operation string `xml:"operation,attr"`
			Shipment  int64  `xml:"shipment,attr"`
			At        string `xml:"at,attr"`
			Inner     string `xml:",innerxml"`
			Text      string `xml:",chardata"`
		} `xml:"exchange"`
	}
	if err := xml.Unmarshal(file.Data, &doc); err != nil {
		t.Fatalf("not well-formed: %v\n%s", err, file.Data)
	}
	if strings.Count(string(file.Data), "<?xml") != 1 {
		t.Errorf("%d XML declarations:\n%s", strings.Count(string(file.Data), "<?xml"), file.Data)
	}
	if doc.Batch != v.ID || doc.Kind != "response" || len(doc.Exchanges) != 3 {
		t.Fatalf("document %+v", doc)
	}
	first, second := doc.Exchanges[0], doc.Exchanges[1]
	if first.Operation != batchjob.OpAddAndPrint || first.Shipment != id || first.At != "2026-06-01T09:00:00Z" ||
		!strings.Contains(first.Inner, envelope) {
		t.Errorf("first exchange %+v", first)
	}
	// An answer that is not XML is kept as text, not as markup.
	if second.Operation != batchjob.OpCreateManifest || second.Shipment != 0 || !strings.Contains(second.Text, "<br>") {
		t.Errorf("second exchange %+v", second)
	}
	if _, err := f.svc.Traffic(ctx, f.admin, v.ID, "both"); !failure.HasKey(err, batch.KeyTrafficKind) {
		t.Errorf("unknown kind = %v", err)
	}
}

func TestShipmentsOfABatchAndOfACustomer(t *testing.T) {
	f := setup(t)
	v, rows := f.uploadRows(t, 4)
	ok := f.store.PutShipment(labelled(v.ID, f.mine.ID, rows[0].ID, 1, "PDF"))
	bad := f.store.PutShipment(failedShipment(v.ID, f.mine.ID, rows[1].ID, 2))
	f.force(t, v.ID, batch.Sent)

	list, total, err := f.svc.ListBatchShipments(ctx, f.user, v.ID, "ERROR", 0, 10)
	if err != nil || total != 1 || list[0].ID != bad || !list[0].Updateable || list[0].Deleteable {
		t.Fatalf("ERROR shipments = %+v, %d, %v", list, total, err)
	}
	list, total, _ = f.svc.ListShipments(ctx, f.user, f.mine.ID, "", 0, 10)
	if total != 2 || len(list) != 2 {
		t.Fatalf("customer's shipments = %d", total)
	}
	if _, _, err := f.svc.ListShipments(ctx, f.stranger, f.mine.ID, "", 0, 10); err == nil {
		t.Error("a stranger lists the customer's shipments")
	}

	d, err := f.svc.GetShipment(ctx, f.user, ok)
	if err != nil || d.Identifier != "LX1" || d.SOAPRequest != "" || !d.Deleteable {
		t.Fatalf("user's detail = %+v, %v", d, err)
	}
	d, _ = f.svc.GetShipment(ctx, f.admin, ok)
	if d.SOAPRequest != "<addAndPrint/>" || d.SOAPResponse != "<label/>" {
		t.Errorf("admin's detail lacks the traffic: %+v", d)
	}
	if _, err := f.svc.GetShipment(ctx, f.stranger, ok); !failure.HasKey(err, batch.KeyShipmentNotFound) {
		t.Errorf("stranger's detail = %v", err)
	}
	label, err := f.svc.ShipmentLabel(ctx, f.user, ok)
	if err != nil || label.Name != "label-LX1.pdf" || string(label.Data) != "%PDF label 1" {
		t.Errorf("label = %+v, %v", label, err)
	}
	if _, err := f.svc.ShipmentLabel(ctx, f.user, bad); !failure.HasKey(err, batch.KeyShipmentNoLabel) {
		t.Errorf("label of a failed shipment = %v", err)
	}
	lines, err := f.svc.ShipmentDetails(ctx, f.user, ok)
	if err != nil || len(lines.Lines) != len(rows[0].OrderLines) {
		t.Errorf("details = %+v, %v", lines, err)
	}

	// Single-shipment commands queue one job each.
	if _, err := f.svc.SendShipment(ctx, f.user, v.ID, bad); err != nil || f.queue.Last() != (batchjob.Job{Kind: batchjob.SendOne, BatchID: v.ID, ShipmentID: bad}) {
		t.Errorf("send one = %v, %+v", err, f.queue.Jobs())
	}
	if _, err := f.svc.SendShipment(ctx, f.user, v.ID, ok); !failure.HasKey(err, batch.KeyShipmentNotSendable) {
		t.Errorf("send of a labelled, unchanged shipment = %v", err)
	}
	broken := rows[1].Draft()
	broken.Fields["isoCountry"] = "XX"
	if _, _, err := f.svc.UpdateValidatedShipment(ctx, f.user, v.ID, rows[1].ID, broken); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.SendShipment(ctx, f.user, v.ID, bad); !failure.HasKey(err, batch.KeyShipmentRowInvalid) {
		t.Errorf("send of a shipment whose row is invalid = %v", err)
	}
	if _, err := f.svc.CancelShipment(ctx, f.user, v.ID, ok); err != nil || f.queue.Last().Kind != batchjob.CancelOne {
		t.Errorf("cancel one = %v, %+v", err, f.queue.Jobs())
	}
	if _, err := f.svc.CancelShipment(ctx, f.user, v.ID, bad); !failure.HasKey(err, batch.KeyShipmentNotCancel) {
		t.Errorf("cancel of a failed shipment = %v", err)
	}
	other := f.upload(t, generated(t, 4, noEdit))
	if _, err := f.svc.SendShipment(ctx, f.user, other.ID, bad); !failure.HasKey(err, batch.KeyShipmentNotFound) {
		t.Errorf("shipment through another batch = %v", err)
	}

	if err := f.svc.DeleteShipment(ctx, f.user, ok); !failure.HasKey(err, batch.KeyShipmentCancelFirst) {
		t.Errorf("delete of a labelled shipment = %v", err)
	}
	if err := f.svc.DeleteShipment(ctx, f.user, bad); err != nil {
		t.Errorf("delete of a failed shipment = %v", err)
	}
	f.force(t, v.ID, batch.ManifestCreated)
	if err := f.svc.DeleteShipment(ctx, f.admin, ok); !failure.HasKey(err, batch.KeyShipmentInManifest) {
		t.Errorf("delete of a manifested shipment = %v", err)
	}
}

func itoa(i int64) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}
