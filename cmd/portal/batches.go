package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"

	"parcelportal/adapters/captcha"
	"parcelportal/adapters/httpserver"
	"parcelportal/adapters/jobs"
	"parcelportal/adapters/mail"
	"parcelportal/adapters/pdf"
	"parcelportal/adapters/postgres"
	"parcelportal/adapters/progress"
	"parcelportal/adapters/secrets"
	"parcelportal/adapters/xlsx"
	"parcelportal/app/batches"
	"parcelportal/app/batchjob"
	"parcelportal/app/customsdocs"
	"parcelportal/app/downloadtoken"
	"parcelportal/app/manifests"
	"parcelportal/app/reports"
	"parcelportal/app/webhooks"
)

// batchesOf wires the batch and shipment use cases: batches in Postgres,
// jobs handed to the asynq queue, labels merged and invoices rendered as PDF,
// uploads read as CSV or as Excel workbooks.
func batchesOf(pool *pgxpool.Pool, customers batches.Customers, queue batchjob.Queue) batches.Service {
	store := postgres.Batches{Pool: pool}
	return batches.Service{
		Batches: store, Rows: store, Shipments: store, Documents: store, Exchanges: store,
		Customers: customers,
		Hubs:      postgres.Hubs{Pool: pool},
		Catalogs:  postgres.Catalog{Pool: pool},
		Queue:     queue,
		Merge:     pdf.Merge,
		Invoices:  pdf.CommercialInvoices{},
		Tokens:    downloadTokensOf(pool),
		Workbooks: xlsx.Workbook{},
	}
}

// reportsOf wires the shipment report: searched in Postgres, exported as
// a streamed workbook, labels merged and invoices rendered as PDF.
func reportsOf(pool *pgxpool.Pool, customers reports.Customers) reports.Service {
	return reports.Service{
		Store: postgres.Reports{Pool: pool}, Customers: customers, Sheet: xlsx.Sheet{},
		Merge: pdf.Merge, Renderer: pdf.CommercialInvoices{}, Stored: postgres.Invoices{Pool: pool},
		Catalogs: postgres.Catalog{Pool: pool},
	}
}

// downloadTokensOf keeps the tokens of link downloads in PostgreSQL, which
// every portal process of an installation shares: a token issued by one
// works in all, and only once.
func downloadTokensOf(pool *pgxpool.Pool) downloadtoken.Service {
	return downloadtoken.Service{Store: postgres.DownloadTokens{Pool: pool}}
}

// workerOf wires the batch job worker: the runner works through the batch
// tables, announces their progress through Redis, reads the customers'
// carrier logins, and calls the carrier with at most CARRIER_CONCURRENCY
// calls at once.
func workerOf(cfg config, pool *pgxpool.Pool, sealer *secrets.Box, side carrierSide, logs *slog.Logger) (*jobs.Worker, error) {
	// Every recorded step of a job is announced to the portal processes'
	// progress streams.
	work := batchjob.Announcing(batchjob.PortsOf(postgres.BatchWork{Pool: pool}), progress.New(cfg.RedisAddr, cfg.JobQueue, logs))
	runner := batchjob.NewRunner(work, postgres.Customers{Pool: pool, Sealer: sealer}, side.client,
		batchjob.Options{Concurrency: cfg.CarrierConcurrency, CallTimeout: cfg.CarrierCallTimeout, Log: logs})
	queue := jobs.NewQueue(cfg.RedisAddr, cfg.JobQueue)
	return jobs.NewWorker(cfg.RedisAddr, runner, jobs.WorkerOptions{Queue: cfg.JobQueue, Log: logs,
		Schedules: manifestsOf(cfg, pool, postgres.Customers{Pool: pool, Sealer: sealer}, queue),
		Collect:   customsCollectorOf(pool, sealer, side),
		Inquiries: inquiriesOf(cfg, pool, sealer, captcha.Off{}, queue),
		Webhooks:  webhooksOf(cfg, pool, sealer, queue, kratosOf(cfg)),
		TrackingPoll: webhooks.TrackingPoll{Watch: postgres.TrackingWatch{Pool: pool}, Customers: postgres.Customers{Pool: pool, Sealer: sealer},
			Tracking: trackingOf(cfg).client, Queue: queue, Every: cfg.WebhookTrackingEvery},
	}), nil
}

// customsCollectorOf wires the collection of the customs documents the
// carrier publishes: the customers with recent manifests and their carrier
// logins, the customs document table, the carrier.
func customsCollectorOf(pool *pgxpool.Pool, sealer *secrets.Box, side carrierSide) customsdocs.Collector {
	store := postgres.CustomsDocuments{Pool: pool, Customers: postgres.Customers{Pool: pool, Sealer: sealer}}
	return customsdocs.Collector{Store: store, Shippers: store, Publisher: side.client}
}

// manifestsOf wires the manifests of parcels and the automatic manifests:
// the batch tables, the customers' rules and the default routing options,
// the batch job queue and the portal's SMTP mails.
func manifestsOf(cfg config, pool *pgxpool.Pool, customers manifests.Customers, queue batchjob.Queue) manifests.Service {
	return manifests.Service{
		Store:     postgres.Manifests{Pool: pool},
		Customers: customers,
		Queue:     queue,
		Mailer:    mail.ManifestMails{Sender: mail.SMTP{Addr: cfg.SMTPAddr, From: cfg.MailFrom}, BaseURL: cfg.BaseURL},
		Routing:   postgres.RoutingOptions{Pool: pool},
	}
}

// serveWithWorker serves the API and, beside it, runs the batch jobs until
// ctx ends; a worker that cannot start (Redis away) is reported and the API
// keeps serving.
func serveWithWorker(ctx context.Context, cfg config, api http.Handler, worker *jobs.Worker) error {
	workCtx, stop := context.WithCancel(ctx)
	defer stop()
	worked := make(chan error, 1)
	go func() {
		err := worker.Run(workCtx)
		if err != nil {
			slog.Error("job worker stopped", "error", err)
		}
		worked <- err
	}()
	err := httpserver.Run(ctx, "portal", cfg.Addr, api, nil)
	stop()
	return errors.Join(err, <-worked)
}
