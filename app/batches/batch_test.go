package batches_test

import (
	"errors"
	"strings"
	"testing"

	"parcelportal/app/batches"
	"parcelportal/app/batchjob"
	"parcelportal/core/batch"
	"parcelportal/core/batchcsv"
	"parcelportal/core/batchcsv/batchcsvtest"
	"parcelportal/core/carrier"
	"parcelportal/core/customer"
	"parcelportal/core/failure"
	"parcelportal/core/shipment"
)

func TestCreateValidatesEveryRowAndStoresTheFile(t *testing.T) {
	f := setup(t)
	csv := mixedFile(t)
	v, err := f.svc.Create(ctx, f.user, batches.Upload{CustomerID: f.mine.ID, FileName: `C:\Users\anna\mixed.csv`, CSV: csv})
	if err != nil {
		t.Fatal(err)
	}
	if v.Status != batch.Created || v.FileName != "mixed.csv" || v.CreatedBy != "user" || v.RowCount != 4 || v.InvalidRows != 2 || v.Valid() {
		t.Fatalf("created = %+v", v.Batch)
	}
	if !v.Actions.Send || !v.Actions.SendEnabled || !v.Actions.GridEditable || !v.Actions.Delete || !v.Actions.View || v.Actions.Cancel {
		t.Errorf("actions = %+v", v.Actions)
	}
	rows, err := f.svc.ListValidatedShipments(ctx, f.user, v.ID, false)
	if err != nil || len(rows) != 4 {
		t.Fatalf("rows = %d, %v", len(rows), err)
	}
	if !rows[0].Valid || rows[1].Valid || len(rows[1].Fields["postalcode"].Violations) == 0 || len(rows[2].Fields["city"].Violations) == 0 {
		t.Errorf("violations not where the file is wrong: %+v / %+v", rows[1].Fields["postalcode"], rows[2].Fields["city"])
	}
	invalid, _ := f.svc.ListValidatedShipments(ctx, f.user, v.ID, true)
	if len(invalid) != 2 {
		t.Errorf("only invalid = %d rows", len(invalid))
	}
	file, err := f.svc.CSV(ctx, f.user, v.ID)
	if err != nil || string(file.Data) != string(csv) || file.Name != "mixed.csv" || file.ContentType != batches.ContentCSV {
		t.Errorf("CSV = %q %s, %v", file.Name, file.ContentType, err)
	}
}

func TestCreateNeedsACustomerAndAReadableFile(t *testing.T) {
	f := setup(t)
	if _, err := f.svc.Create(ctx, f.user, batches.Upload{CSV: generated(t, 4, noEdit)}); !failure.HasKey(err, batch.KeyChooseCustomer) {
		t.Errorf("upload without customer = %v", err)
	}
	if _, err := f.svc.Create(ctx, f.stranger, batches.Upload{CustomerID: f.mine.ID, CSV: generated(t, 4, noEdit)}); !failure.HasKey(err, customer.KeyNotFound) {
		t.Errorf("upload for another customer = %v", err)
	}
	if _, err := f.svc.Create(ctx, f.user, batches.Upload{CustomerID: f.mine.ID, CSV: batchcsvtest.Generate(0)}); !failure.HasKey(err, batchcsv.KeyHeaderOnly) {
		t.Errorf("header-only upload = %v", err)
	}
	long := strings.Repeat("n", batch.FileNameMaxLength-3) + ".csv"
	if _, err := f.svc.Create(ctx, f.user, batches.Upload{CustomerID: f.mine.ID, FileName: long, CSV: generated(t, 4, noEdit)}); !failure.HasKey(err, "error.validation") {
		t.Errorf("upload named with %d characters = %v", len(long), err)
	}
	if list, total, _ := f.svc.List(ctx, f.user, f.mine.ID, 0, 10); total != 0 || len(list) != 0 {
		t.Errorf("a refused file stored %d batches", total)
	}
}

func TestAnotherCustomersBatchDoesNotExist(t *testing.T) {
	f := setup(t)
	v, rows := f.uploadRows(t, 4)
	notFound := func(name string, err error) {
		t.Helper()
		if !failure.HasKey(err, batch.KeyNotFound) {
			t.Errorf("%s by another customer's user = %v", name, err)
		}
	}
	s := f.stranger
	_, err := f.svc.Get(ctx, s, v.ID)
	notFound("Get", err)
	_, err = f.svc.ListValidatedShipments(ctx, s, v.ID, false)
	notFound("ListValidatedShipments", err)
	_, _, err = f.svc.UpdateValidatedShipment(ctx, s, v.ID, rows[0].ID, rows[0].Draft())
	notFound("UpdateValidatedShipment", err)
	_, err = f.svc.Delete(ctx, s, v.ID)
	notFound("Delete", err)
	_, err = f.svc.Send(ctx, s, v.ID, "PDF")
	notFound("Send", err)
	_, err = f.svc.Resend(ctx, s, v.ID, "ERROR", "")
	notFound("Resend", err)
	_, err = f.svc.CreateManifest(ctx, s, v.ID)
	notFound("CreateManifest", err)
	_, _, err = f.svc.ListBatchShipments(ctx, s, v.ID, "", 0, 10)
	notFound("ListBatchShipments", err)
	for name, download := range map[string]func() (batches.File, error){
		"CSV":               func() (batches.File, error) { return f.svc.CSV(ctx, s, v.ID) },
		"Labels":            func() (batches.File, error) { return f.svc.Labels(ctx, s, v.ID) },
		"CustomsDocs":       func() (batches.File, error) { return f.svc.CustomsDocs(ctx, s, v.ID) },
		"Manifest":          func() (batches.File, error) { return f.svc.Manifest(ctx, s, v.ID) },
		"CommercialInvoice": func() (batches.File, error) { return f.svc.CommercialInvoice(ctx, s, v.ID) },
	} {
		_, err := download()
		notFound(name, err)
	}
	if _, _, err := f.svc.List(ctx, s, f.mine.ID, 0, 10); !failure.HasKey(err, customer.KeyNotFound) {
		t.Errorf("List of another customer = %v", err)
	}
	if len(f.queue.Jobs()) != 0 {
		t.Errorf("jobs queued for a stranger: %+v", f.queue.Jobs())
	}
	// Staff act for every customer.
	if _, err := f.svc.Get(ctx, f.ops, v.ID); err != nil {
		t.Errorf("operations reads the batch: %v", err)
	}
}

func TestListPagesNewestFirst(t *testing.T) {
	f := setup(t)
	first := f.upload(t, generated(t, 4, noEdit))
	second := f.upload(t, mixedFile(t))
	list, total, err := f.svc.List(ctx, f.user, f.mine.ID, 0, 0)
	if err != nil || total != 2 || len(list) != 2 || list[0].ID != second.ID || list[1].ID != first.ID {
		t.Fatalf("List = %+v, %d, %v", list, total, err)
	}
	if _, _, err := f.svc.List(ctx, f.user, 0, 0, 10); !failure.HasKey(err, batch.KeyChooseCustomer) {
		t.Errorf("List without customer = %v", err)
	}
	if _, _, err := f.svc.List(ctx, f.user, f.mine.ID, -1, 10); !failure.HasKey(err, batch.KeyPage) {
		t.Errorf("List of page -1 = %v", err)
	}
	if _, _, err := f.svc.ListShipments(ctx, f.user, f.mine.ID, "ALL", 0, batch.MaxPageSize+1); !failure.HasKey(err, batch.KeyPage) {
		t.Errorf("ListShipments of %d rows = %v", batch.MaxPageSize+1, err)
	}
}

func TestRowEditRevalidatesAndRecomputesValidity(t *testing.T) {
	f := setup(t)
	v := f.upload(t, mixedFile(t))
	rows, _ := f.svc.ListValidatedShipments(ctx, f.user, v.ID, false)

	fixed := rows[1].Draft()
	fixed.Fields["postalcode"] = "8001"
	row, after, err := f.svc.UpdateValidatedShipment(ctx, f.user, v.ID, rows[1].ID, fixed)
	if err != nil || !row.Valid || row.Fields["postalcode"].Value != "8001" || after.InvalidRows != 1 || row.Changed {
		t.Fatalf("fixed row = %+v, batch %+v, %v", row, after.Batch, err)
	}
	fixed = rows[2].Draft()
	fixed.Fields["city"] = "New York"
	if _, after, err = f.svc.UpdateValidatedShipment(ctx, f.user, v.ID, rows[2].ID, fixed); err != nil || after.InvalidRows != 0 || !after.Valid() {
		t.Fatalf("batch after the last fix = %+v, %v", after.Batch, err)
	}
	broken := rows[0].Draft()
	broken.Fields["isoCountry"] = "XX"
	row, after, err = f.svc.UpdateValidatedShipment(ctx, f.user, v.ID, rows[0].ID, broken)
	if err != nil || row.Valid || len(row.Fields["isoCountry"].Violations) == 0 || after.InvalidRows != 1 {
		t.Fatalf("broken row = %+v, batch %+v, %v", row, after.Batch, err)
	}

	// Once sent, editing a labelled row marks it changed: it is to be sent again.
	f.force(t, v.ID, batch.Sent)
	f.store.PutShipment(labelled(v.ID, f.mine.ID, rows[3].ID, 4, "PDF"))
	row, _, err = f.svc.UpdateValidatedShipment(ctx, f.user, v.ID, rows[3].ID, rows[3].Draft())
	if err != nil || !row.Changed {
		t.Fatalf("edit of a labelled row = %+v, %v", row, err)
	}
	if row, _, _ = f.svc.UpdateValidatedShipment(ctx, f.user, v.ID, rows[2].ID, rows[2].Draft()); row.Changed {
		t.Error("a row without a label became changed")
	}
	if _, _, err := f.svc.UpdateValidatedShipment(ctx, f.user, v.ID, rows[0].ID+1000, rows[0].Draft()); !failure.HasKey(err, batch.KeyRowNotFound) {
		t.Errorf("unknown row = %v", err)
	}
}

func TestEveryCommandIsRefusedInTheWrongStatus(t *testing.T) {
	type command struct {
		name    string
		run     func(f fixture, id, rowID int64) error
		allowed []batch.Status
		job     batchjob.Kind
	}
	commands := []command{
		{"send", func(f fixture, id, _ int64) error { _, err := f.svc.Send(ctx, f.user, id, "PDF"); return err },
			[]batch.Status{batch.Created}, batchjob.Send},
		{"cancel", func(f fixture, id, _ int64) error { _, err := f.svc.Cancel(ctx, f.admin, id); return err },
			[]batch.Status{batch.Sending}, batchjob.Cancel},
		{"resend errors", func(f fixture, id, _ int64) error { _, err := f.svc.Resend(ctx, f.user, id, "ERROR", ""); return err },
			[]batch.Status{batch.Sent, batch.ErrorSend, batch.Cancelled}, batchjob.Resend},
		{"delete shipments", func(f fixture, id, _ int64) error {
			_, err := f.svc.DeleteShipments(ctx, f.admin, id, "ALL")
			return err
		},
			[]batch.Status{batch.Sent}, batchjob.DeleteShipment},
		{"manifest", func(f fixture, id, _ int64) error { _, err := f.svc.CreateManifest(ctx, f.user, id); return err },
			[]batch.Status{batch.Sent, batch.Cancelled}, batchjob.Manifest},
		{"regenerate manifest", func(f fixture, id, _ int64) error { _, err := f.svc.CreateManifest(ctx, f.admin, id); return err },
			[]batch.Status{batch.Sent, batch.Cancelled, batch.ManifestCreated, batch.ErrorManifest}, batchjob.Manifest},
		{"edit row", func(f fixture, id, rowID int64) error {
			row, err := f.svc.Rows.Row(ctx, rowID)
			if err != nil {
				return err
			}
			_, _, err = f.svc.UpdateValidatedShipment(ctx, f.user, id, rowID, row.Draft())
			return err
		}, []batch.Status{batch.Created, batch.Sent}, ""},
		// The batch holds a live label: the delete cancels it first.
		{"delete", func(f fixture, id, _ int64) error { _, err := f.svc.Delete(ctx, f.user, id); return err },
			[]batch.Status{batch.Created, batch.Sent, batch.Cancelled, batch.ErrorSend, batch.ErrorManifest, batch.Deleted}, batchjob.DeleteBatch},
	}
	statuses := []batch.Status{batch.Created, batch.Sending, batch.Sent, batch.Cancelling, batch.Cancelled, batch.Resending,
		batch.ResendingChange, batch.ResendingError, batch.Deleting, batch.CreatingManifest, batch.ManifestCreated,
		batch.ErrorSend, batch.ErrorManifest, batch.Deleted}
	for _, c := range commands {
		for _, s := range statuses {
			f := setup(t)
			v, rows := f.uploadRows(t, 4)
			// A labelled shipment and a failed one, so that manifests and resends have work.
			f.store.PutShipment(labelled(v.ID, f.mine.ID, rows[0].ID, 1, "PDF"))
			f.store.PutShipment(failedShipment(v.ID, f.mine.ID, rows[1].ID, 2))
			f.force(t, v.ID, s)
			err := c.run(f, v.ID, rows[0].ID)
			want := false
			for _, a := range c.allowed {
				want = want || a == s
			}
			if want {
				if err != nil {
					t.Errorf("%s in %s: %v", c.name, s, err)
				} else if c.job != "" && (f.queue.Last().Kind != c.job || f.queue.Last().BatchID != v.ID) {
					t.Errorf("%s in %s queued %+v", c.name, s, f.queue.Jobs())
				}
				continue
			}
			fe, ok := failure.As(err)
			if !ok || fe.Kind != failure.Conflict {
				t.Errorf("%s in %s = %v, want a conflict", c.name, s, err)
			}
			if len(f.queue.Jobs()) != 0 {
				t.Errorf("%s in %s queued %+v", c.name, s, f.queue.Jobs())
			}
			if c.name != "delete" && f.status(t, v.ID) != s {
				t.Errorf("%s in %s moved the batch to %s", c.name, s, f.status(t, v.ID))
			}
		}
	}
}

func TestSendRecordsTheJobAndSendsOnlyValidRows(t *testing.T) {
	f := setup(t)
	v := f.upload(t, mixedFile(t))
	sent, err := f.svc.Send(ctx, f.user, v.ID, "ZPL")
	if err != nil {
		t.Fatal(err)
	}
	if sent.Status != batch.Sending || sent.LabelType != customer.LabelZebra || sent.Total != 2 || sent.JobFilter != batch.FilterAll ||
		sent.SentBy != "user" || sent.SentByAdmin || !sent.SentAt.Equal(f.svc.Now()) || sent.Actions.SendEnabled {
		t.Fatalf("sent = %+v", sent.Batch)
	}
	if f.queue.Last() != (batchjob.Job{Kind: batchjob.Send, BatchID: v.ID}) {
		t.Errorf("queued %+v", f.queue.Jobs())
	}
	// The customer's label type is the default.
	other := f.upload(t, generated(t, 4, noEdit))
	if sent, err := f.svc.Send(ctx, f.user, other.ID, ""); err != nil || sent.LabelType != customer.LabelPDF {
		t.Errorf("default label type = %q, %v", sent.LabelType, err)
	}
	// For a 300 dpi printer the batch is labelled in Zebra300.
	fourth := f.upload(t, generated(t, 4, noEdit))
	if sent, err := f.svc.Send(ctx, f.user, fourth.ID, "Zebra300"); err != nil || sent.LabelType != customer.LabelZebra300 {
		t.Errorf("Zebra300 send = %q, %v", sent.LabelType, err)
	}
	third := f.upload(t, generated(t, 4, noEdit))
	if _, err := f.svc.Send(ctx, f.user, third.ID, "Zebra300dpi"); !failure.HasKey(err, batch.KeyLabelType) {
		t.Errorf("unknown label type = %v", err)
	}
	// An admin's send is marked, for "(ADMIN)" beside the name.
	if sent, err := f.svc.Send(ctx, f.admin, third.ID, ""); err != nil || sent.SentBy != "admin" || !sent.SentByAdmin {
		t.Errorf("admin's send = %+v, %v", sent.Batch, err)
	}
	if sent, _ := f.svc.Get(ctx, f.user, third.ID); !sent.SentByAdmin || sent.CreatedByAdmin {
		t.Errorf("stored batch = %+v", sent.Batch)
	}
	byAdmin, err := f.svc.Create(ctx, f.admin, batches.Upload{CustomerID: f.mine.ID, FileName: "a.csv", CSV: generated(t, 1, noEdit)})
	if err != nil || !byAdmin.CreatedByAdmin || byAdmin.CreatedBy != "admin" {
		t.Errorf("admin's upload = %+v, %v", byAdmin.Batch, err)
	}
}

func TestSendRefusesMoreThanMaxRows(t *testing.T) {
	f := setup(t)
	drafts, err := batchcsv.Read(batchcsvtest.Generate(batch.MaxRows))
	if err != nil {
		t.Fatal(err)
	}
	rows := make([]shipment.Validated, 0, batch.MaxRows+1)
	for _, d := range append(drafts, drafts[0]) {
		rows = append(rows, shipment.Validated{Fields: map[string]shipment.Value{"name": {Value: d.Fields["name"]}}, Valid: true})
	}
	big, err := f.store.Create(ctx, batch.Batch{CustomerID: f.mine.ID, FileName: "big.csv", Status: batch.Created, CreatedBy: "user"}, []byte("x"), rows)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.svc.Send(ctx, f.user, big.ID, "PDF")
	fe, ok := failure.As(err)
	if !ok || fe.Key != batch.KeyMaxRowsExceeded || fe.Params["rows"] != "2001" || fe.Params["maxRows"] != "2000" {
		t.Fatalf("send of 2001 rows = %v", err)
	}
	if f.status(t, big.ID) != batch.Created || len(f.queue.Jobs()) != 0 {
		t.Error("a refused send changed the batch or queued a job")
	}
	if v, _ := f.svc.Get(ctx, f.user, big.ID); v.Actions.SendEnabled {
		t.Error("send is enabled over the row limit")
	}
}

func TestARefusedJobLeavesTheBatchAsItWas(t *testing.T) {
	f := setup(t)
	v := f.upload(t, generated(t, 4, noEdit))
	f.queue.Fail = errors.New("redis down")
	_, err := f.svc.Send(ctx, f.user, v.ID, "PDF")
	if fe, ok := failure.As(err); !ok || fe.Kind != failure.Unavailable || fe.Key != batch.KeyQueueUnavailable {
		t.Fatalf("send with the queue down = %v", err)
	}
	b, _ := f.store.Get(ctx, v.ID)
	if b.Status != batch.Created || !b.SentAt.IsZero() || b.SentBy != "" || b.Total != 0 {
		t.Errorf("batch after a refused job = %+v", b)
	}
}

// TestAdminOnlyCommands: the admin-only steps of a batch refuse other
// roles as a conflict (not 403, which signs the user out, spec 1 section
// 8); only the traffic download, admin-only in the access table, is
// Forbidden.
func TestAdminOnlyCommands(t *testing.T) {
	f := setup(t)
	v := f.upload(t, generated(t, 4, noEdit))
	f.force(t, v.ID, batch.Sending)
	conflict := func(name string, err error) {
		t.Helper()
		if fe, ok := failure.As(err); !ok || fe.Key != batch.KeyAdminOnly || fe.Kind != failure.Conflict {
			t.Errorf("%s = %v, want an admin-only conflict", name, err)
		}
	}
	_, err := f.svc.Cancel(ctx, f.user, v.ID)
	conflict("user cancels", err)
	f.force(t, v.ID, batch.Sent)
	_, err = f.svc.Resend(ctx, f.user, v.ID, "ALL", "")
	conflict("user resends ALL", err)
	_, err = f.svc.DeleteShipments(ctx, f.user, v.ID, "CHANGED")
	conflict("user deletes shipments", err)
	if _, err := f.svc.DeleteShipments(ctx, f.admin, v.ID, "ERROR"); !failure.HasKey(err, batch.KeyFilterNotAllowed) {
		t.Errorf("delete from the ERROR filter = %v", err)
	}
	if _, err := f.svc.Resend(ctx, f.admin, v.ID, "all", ""); !failure.HasKey(err, batch.KeyUnknownFilter) {
		t.Errorf("unknown filter = %v", err)
	}
	if _, err := f.svc.Traffic(ctx, f.user, v.ID, "request"); !failure.HasKey(err, batch.KeyAdminOnly) || !isKind(err, failure.Forbidden) {
		t.Errorf("user downloads traffic = %v", err)
	}
	if len(f.queue.Jobs()) != 0 {
		t.Errorf("queued %+v", f.queue.Jobs())
	}
}

func TestResendCountsWhatTheFilterSelects(t *testing.T) {
	f := setup(t)
	v, rows := f.uploadRows(t, 4)
	f.store.PutShipment(labelled(v.ID, f.mine.ID, rows[0].ID, 1, "PDF"))
	f.store.PutShipment(failedShipment(v.ID, f.mine.ID, rows[1].ID, 2))
	f.force(t, v.ID, batch.Sent)
	if _, err := f.svc.Resend(ctx, f.user, v.ID, "CHANGED", ""); !failure.HasKey(err, batch.KeyNothingToResend) {
		t.Errorf("resend of no changed rows = %v", err)
	}
	got, err := f.svc.Resend(ctx, f.user, v.ID, "ERROR", "")
	if err != nil || got.Status != batch.ResendingError || got.Total != 1 || got.JobFilter != batch.FilterError {
		t.Fatalf("resend errors = %+v, %v", got.Batch, err)
	}
	if f.queue.Last() != (batchjob.Job{Kind: batchjob.Resend, BatchID: v.ID}) {
		t.Errorf("queued %+v", f.queue.Jobs())
	}
}

func TestResendOfAllMayChooseANewLabelType(t *testing.T) {
	f := setup(t)
	v, rows := f.uploadRows(t, 2)
	f.store.PutShipment(failedShipment(v.ID, f.mine.ID, rows[0].ID, 1))
	f.force(t, v.ID, batch.Sent)
	if _, err := f.svc.Resend(ctx, f.admin, v.ID, "ERROR", "Zebra"); !failure.HasKey(err, carrier.KeyDontMixLabelTypes) {
		t.Errorf("resend of errors as ZPL after PDF = %v", err)
	}
	if _, err := f.svc.Resend(ctx, f.admin, v.ID, "ALL", "Laser"); !failure.HasKey(err, batch.KeyLabelType) {
		t.Errorf("unknown label type = %v", err)
	}
	got, err := f.svc.Resend(ctx, f.admin, v.ID, "ALL", "ZPL")
	if err != nil || got.LabelType != "Zebra" || got.Status != batch.Resending {
		t.Fatalf("resend of all as ZPL = %+v, %v", got.Batch, err)
	}
}

func isKind(err error, k failure.Kind) bool {
	fe, ok := failure.As(err)
	return ok && fe.Kind == k
}
