package manifests

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"parcelportal/core/batch"
	"parcelportal/core/manifest"
)

// AutoManifestBy is who the batches of a schedule's slot are made by.
const AutoManifestBy = "auto-manifest"

// Tick runs what the schedules have made due by now: for each active
// schedule, the latest slot since it was set, read in the time zone of the
// customer's hub country; a slot another process (or an earlier tick)
// claimed is skipped. A claimed slot gathers the customer's labelled
// parcels without a manifest and starts the manifests of its SENT batches,
// and the jobs are queued. Then every slot whose manifests have ended is
// mailed. A tick after downtime finds the latest missed slot and runs it
// once. Errors of one customer do not stop the others; they are joined.
func (s Service) Tick(ctx context.Context) error {
	now := s.Now.UTC()
	schedules, err := s.Store.Schedules(ctx)
	if err != nil {
		return err
	}
	var errs []error
	zones := map[string]*time.Location{}
	for _, sch := range schedules {
		zone := manifest.Zone(sch.HubCountry)
		loc, ok := zones[zone]
		if !ok {
			var err error
			if loc, err = time.LoadLocation(zone); err != nil {
				errs = append(errs, err)
				continue
			}
			zones[zone] = loc
		}
		slot, due := manifest.LatestDue(sch.AutoManifest, loc, sch.Since, now)
		if !due {
			continue
		}
		claimed, made, err := s.Store.ClaimSlot(ctx, sch.CustomerID, slot, s.slotPlan(ctx, now))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if claimed {
			slog.Info("auto-manifest slot run", "customer", sch.CustomerID, "slot", slot, "batches", made)
			s.enqueue(ctx, made)
		}
	}
	if err := s.mailEnded(ctx); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// slotPlan gathers every parcel it is given (the store hands it the
// customer's labelled parcels without a manifest) and starts the manifest
// of every SENT batch that holds labels.
func (s Service) slotPlan(ctx context.Context, at time.Time) Plan {
	return func(parcels []manifest.Parcel, sent []batch.Batch) ([]Gathering, []batch.Batch, error) {
		gather, err := s.gatherings(ctx, parcels, AutoManifestBy, false, at)
		if err != nil {
			return nil, nil, err
		}
		var start []batch.Batch
		for _, b := range sent {
			err := b.Start(batch.StartManifest, false, func(b *batch.Batch) error {
				if !b.Counts.HasLabels() {
					return errNoLabels
				}
				b.Total = b.Counts.Labelled
				return nil
			})
			if err == nil {
				start = append(start, b)
			}
		}
		return gather, start, nil
	}
}

var errNoLabels = errors.New("no labels")

// mailEnded mails every slot whose manifests have all ended; a slot whose
// mail fails is tried again by a later tick.
func (s Service) mailEnded(ctx context.Context) error {
	var errs []error
	for {
		found, err := s.Store.MailNext(ctx, func(r Run) MailResult { return s.mail(ctx, r) })
		if err != nil {
			errs = append(errs, err)
		}
		if !found || ctx.Err() != nil {
			return errors.Join(errs...)
		}
	}
}

// mail tells the tenant's success or failure address and the customer's
// manifest e-mails how the slot's manifests went, with the documents; what
// an earlier attempt sent is not sent again.
func (s Service) mail(ctx context.Context, r Run) MailResult {
	success := true
	for _, b := range r.Batches {
		success = success && b.Status == batch.ManifestCreated
	}
	zone := manifest.Zone(r.HubCountry)
	staff := r.SuccessEmail
	if !success {
		staff = r.FailureEmail
	}
	out := MailResult{StaffSent: r.StaffMailed, CustomerSent: r.CustomerMailed}
	var errs []error
	if !out.StaffSent {
		err := error(nil)
		if staff != "" {
			err = s.Mailer.ManifestMail(ctx, Mail{To: []string{staff}, Staff: true, Language: r.Language, Success: success, Run: r, Zone: zone})
		}
		out.StaffSent = err == nil
		errs = append(errs, err)
	}
	if !out.CustomerSent {
		err := error(nil)
		if len(r.ManifestEmails) > 0 {
			err = s.Mailer.ManifestMail(ctx, Mail{To: r.ManifestEmails, Language: r.Language, Success: success, Run: r, Zone: zone})
		}
		out.CustomerSent = err == nil
		errs = append(errs, err)
	}
	out.Err = errors.Join(errs...)
	out.Done = (out.StaffSent && out.CustomerSent) || r.Attempts+1 >= MaxMailAttempts
	if out.Err != nil {
		slog.Warn("auto-manifest mail not sent", "customer", r.CustomerID, "slot", r.Slot, "attempt", r.Attempts+1, "givenUp", out.Done, "error", out.Err)
	}
	return out
}
