package batchjob

import (
	"context"
	"time"

	"parcelportal/core/batch"
	"parcelportal/core/carrier"
)

// Announcer tells the portal processes that a batch's progress was
// recorded (adapters/progress publishes it through Redis), so the progress
// streams of the batch pages read it again. Announcing is best effort: a
// lost announcement is caught up by the streams' heartbeat, and the pages
// fall back to reading the batch again every few seconds.
type Announcer interface {
	Changed(ctx context.Context, batchID int64)
}

// Announcing gives the runner ports that announce every write of a batch's
// progress (its total, a shipment processed, its settling, its manifest)
// once it is recorded.
func Announcing(p Ports, a Announcer) Ports {
	if a == nil {
		return p
	}
	return Ports{
		Jobs:        announcingJobs{p.Jobs, a},
		Preparing:   announcingPreparing{p.Preparing, a},
		Labelling:   announcingLabelling{p.Labelling, a},
		Voiding:     announcingVoiding{p.Voiding, a},
		Manifesting: announcingManifesting{p.Manifesting, a},
	}
}

// announced announces the batch after a write that succeeded.
func announced(ctx context.Context, a Announcer, batchID int64, err error) error {
	if err == nil {
		a.Changed(context.WithoutCancel(ctx), batchID)
	}
	return err
}

type announcingJobs struct {
	Jobs
	a Announcer
}

func (j announcingJobs) Settle(ctx context.Context, batchID int64, from, to batch.Status, errorMessage string, errorParams map[string]string) (bool, error) {
	moved, err := j.Jobs.Settle(ctx, batchID, from, to, errorMessage, errorParams)
	return moved, announced(ctx, j.a, batchID, err)
}

type announcingPreparing struct {
	Preparing
	a Announcer
}

func (p announcingPreparing) PrepareSend(ctx context.Context, batchID int64) error {
	return announced(ctx, p.a, batchID, p.Preparing.PrepareSend(ctx, batchID))
}

func (p announcingPreparing) PrepareResend(ctx context.Context, batchID int64, f batch.Filter) error {
	return announced(ctx, p.a, batchID, p.Preparing.PrepareResend(ctx, batchID, f))
}

func (p announcingPreparing) Begin(ctx context.Context, batchID int64, total int) error {
	return announced(ctx, p.a, batchID, p.Preparing.Begin(ctx, batchID, total))
}

type announcingLabelling struct {
	Labelling
	a Announcer
}

func (l announcingLabelling) Finish(ctx context.Context, o Outcome) error {
	return announced(ctx, l.a, o.BatchID, l.Labelling.Finish(ctx, o))
}

type announcingVoiding struct {
	Voiding
	a Announcer
}

func (v announcingVoiding) Finish(ctx context.Context, o Outcome) error {
	return announced(ctx, v.a, o.BatchID, v.Voiding.Finish(ctx, o))
}

func (v announcingVoiding) Unfinished(ctx context.Context, o Outcome) error {
	return announced(ctx, v.a, o.BatchID, v.Voiding.Unfinished(ctx, o))
}

func (v announcingVoiding) Remove(ctx context.Context, batchID, shipmentID int64, exchanges []Exchange) error {
	return announced(ctx, v.a, batchID, v.Voiding.Remove(ctx, batchID, shipmentID, exchanges))
}

type announcingManifesting struct {
	Manifesting
	a Announcer
}

func (m announcingManifesting) SaveManifest(ctx context.Context, batchID int64, mf carrier.Manifest, at time.Time) error {
	return announced(ctx, m.a, batchID, m.Manifesting.SaveManifest(ctx, batchID, mf, at))
}
