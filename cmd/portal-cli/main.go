// Command portal-cli is the portal's client for integrators, on the same
// generated Connect client a Go integrator would use: it signs in with a
// login (an API login, typically), uploads a CSV batch for the login's
// customer, sends it to the carrier, follows the send with a progress bar,
// and saves the labels and, if asked, the manifest.
//
//	PORTAL_PASSWORD=... portal-cli ship -url https://portal.example -login api \
//	    -csv orders.csv -label-type PDF -manifest -out labels/
//
// The password comes from PORTAL_PASSWORD, never from the command line,
// where other users of the machine could read it. Exit codes: 0 when the
// batch was sent (and manifested) and its files saved, 1 when the portal
// refused something or the batch ended in an error, 2 for wrong usage.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/cmd/internal/demosignin"
)

func main() {
	if len(os.Args) < 2 || os.Args[1] != "ship" {
		fmt.Fprintln(os.Stderr, "usage: portal-cli ship -url URL -login LOGIN -csv FILE [-label-type PDF|ZEBRA] [-manifest] [-out DIR] [-mfa-code CODE]")
		fmt.Fprintln(os.Stderr, "       the password comes from PORTAL_PASSWORD")
		os.Exit(2)
	}
	var o options
	fs := flag.NewFlagSet("ship", flag.ExitOnError)
	fs.StringVar(&o.url, "url", "http://127.0.0.1:8080", "the portal's address")
	fs.StringVar(&o.login, "login", "", "the login to sign in with (an API login)")
	fs.StringVar(&o.csv, "csv", "", "the CSV batch to upload (at most 2000 rows)")
	fs.StringVar(&o.labelType, "label-type", "PDF", "the labels' kind: PDF or ZEBRA")
	fs.BoolVar(&o.manifest, "manifest", false, "make the manifest once the batch is sent, and save it")
	fs.StringVar(&o.out, "out", ".", "where the labels and the manifest are saved")
	fs.IntVar(&o.mfaCode, "mfa-code", 0, "a code of the authenticator app, for a login with a second factor")
	fs.DurationVar(&o.timeout, "timeout", 30*time.Minute, "how long to wait for the carrier")
	_ = fs.Parse(os.Args[2:])
	o.password = os.Getenv("PORTAL_PASSWORD")
	if o.login == "" || o.csv == "" || o.password == "" {
		fmt.Fprintln(os.Stderr, "portal-cli ship: -login, -csv and PORTAL_PASSWORD are needed")
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	if err := ship(ctx, o, os.Stdout, newProgress(os.Stderr)); err != nil {
		fmt.Fprintln(os.Stderr, "portal-cli:", describe(err))
		os.Exit(1)
	}
}

type options struct {
	url, login, password, csv, labelType, out string
	manifest                                  bool
	mfaCode                                   int
	timeout                                   time.Duration
}

// client is the portal's services the command uses.
type client struct {
	accounts portalv1connect.AccountServiceClient
	userData portalv1connect.UserDataServiceClient
	batches  portalv1connect.BatchServiceClient
	bearer   string
}

func ship(ctx context.Context, o options, out io.Writer, bar *progress) error {
	labelType, ok := portalv1.LabelType_value[strings.ToUpper(o.labelType)]
	if !ok || labelType == 0 {
		return fmt.Errorf("-label-type %q: PDF or ZEBRA", o.labelType)
	}
	csv, err := os.ReadFile(o.csv)
	if err != nil {
		return err
	}
	h := &http.Client{Timeout: 5 * time.Minute}
	url := strings.TrimRight(o.url, "/")
	c := &client{
		accounts: portalv1connect.NewAccountServiceClient(h, url),
		userData: portalv1connect.NewUserDataServiceClient(h, url),
		batches:  portalv1connect.NewBatchServiceClient(h, url),
	}
	if err := c.signIn(ctx, o.login, o.password, o.mfaCode); err != nil {
		return fmt.Errorf("sign in: %w", err)
	}
	mine, err := c.userData.GetMyUserData(ctx, demosignin.Bearing(&portalv1.GetMyUserDataRequest{}, c.bearer))
	if err != nil {
		return fmt.Errorf("the login's customer: %w", err)
	}
	customer := mine.Msg.GetUserData().GetCustomer().GetId()
	if customer == 0 {
		return fmt.Errorf("the login %s acts for no customer", o.login)
	}
	created, err := c.batches.CreateBatch(ctx, demosignin.Bearing(&portalv1.CreateBatchRequest{
		Csv: csv, CsvFileName: filepath.Base(o.csv), Customer: &portalv1.BatchRef{Id: customer},
	}, c.bearer))
	if err != nil {
		return fmt.Errorf("upload: %w", err)
	}
	b := created.Msg.GetBatch()
	fmt.Fprintf(out, "batch %d uploaded: %d rows, %d invalid\n", b.GetId(), b.GetRowCount(), b.GetInvalidRows())
	if !b.GetActions().GetSendEnabled() {
		return fmt.Errorf("batch %d cannot be sent: no row is valid; fix the file or the rows in the portal", b.GetId())
	}
	if _, err := c.batches.SendBatch(ctx, demosignin.Bearing(&portalv1.SendBatchRequest{Id: b.GetId(), LabelType: portalv1.LabelType(labelType)}, c.bearer)); err != nil {
		return fmt.Errorf("send: %w", err)
	}
	if b, err = c.wait(ctx, b.GetId(), bar); err != nil {
		return err
	}
	fmt.Fprintf(out, "batch %d %s: %d shipments, %d failed at the carrier\n", b.GetId(), b.GetStatus(), b.GetTotalShipments(), b.GetErrorShipments())
	if b.GetStatus() != portalv1.Batch_SENT {
		return fmt.Errorf("batch %d ended %s %s", b.GetId(), b.GetStatus(), b.GetErrorMessage())
	}
	labels, err := c.batches.DownloadBatchLabels(ctx, demosignin.Bearing(&portalv1.DownloadBatchLabelsRequest{Id: b.GetId()}, c.bearer))
	if err != nil {
		return fmt.Errorf("labels: %w", err)
	}
	if err := save(out, o.out, labels.Header(), labels.Msg.GetFile().GetData(), fmt.Sprintf("labels-%d", b.GetId())); err != nil {
		return err
	}
	if !o.manifest {
		return nil
	}
	if _, err := c.batches.CreateBatchManifest(ctx, demosignin.Bearing(&portalv1.CreateBatchManifestRequest{Id: b.GetId()}, c.bearer)); err != nil {
		return fmt.Errorf("manifest: %w", err)
	}
	if b, err = c.wait(ctx, b.GetId(), bar); err != nil {
		return err
	}
	if b.GetStatus() != portalv1.Batch_MANIFEST_CREATED {
		return fmt.Errorf("batch %d ended %s %s", b.GetId(), b.GetStatus(), b.GetErrorMessage())
	}
	manifest, err := c.batches.DownloadBatchManifest(ctx, demosignin.Bearing(&portalv1.DownloadBatchManifestRequest{Id: b.GetId()}, c.bearer))
	if err != nil {
		return fmt.Errorf("manifest download: %w", err)
	}
	return save(out, o.out, manifest.Header(), manifest.Msg.GetFile().GetData(), fmt.Sprintf("manifest-%d.pdf", b.GetId()))
}

// signIn takes the bearer the portal answers. A second factor is given with
// -mfa-code; a login that may register one but has not is let through as
// the browser's "Skip for now" does.
func (c *client) signIn(ctx context.Context, login, password string, code int) error {
	rsp, err := c.accounts.Authenticate(ctx, connect.NewRequest(&portalv1.AuthenticateRequest{Username: login, Password: password}))
	if err != nil {
		return err
	}
	c.bearer = strings.TrimPrefix(rsp.Header().Get("Authorization"), "Bearer ")
	switch {
	case !rsp.Msg.GetMfaEnabled():
		return nil
	case rsp.Msg.GetMfaRegistered():
		if code == 0 {
			return errors.New("the login has a second factor: give -mfa-code")
		}
		v, err := c.accounts.VerifyMfaCode(ctx, demosignin.Bearing(&portalv1.VerifyMfaCodeRequest{Code: int32(code)}, c.bearer))
		if err != nil {
			return err
		}
		c.bearer = v.Msg.GetIdToken()
	default:
		s, err := c.accounts.SkipMfa(ctx, demosignin.Bearing(&portalv1.SkipMfaRequest{}, c.bearer))
		if err != nil {
			return err
		}
		c.bearer = s.Msg.GetIdToken()
	}
	return nil
}

// wait reads the batch every second while a job works on it (the server's
// in_progress flag), showing its progress, and answers it settled.
func (c *client) wait(ctx context.Context, id int64, bar *progress) (*portalv1.Batch, error) {
	for {
		rsp, err := c.batches.GetBatch(ctx, demosignin.Bearing(&portalv1.GetBatchRequest{Id: id}, c.bearer))
		if err != nil {
			return nil, fmt.Errorf("batch %d: %w", id, err)
		}
		b := rsp.Msg.GetBatch()
		bar.show(b.GetStatus().String(), int(b.GetProcessedShipments()), int(b.GetTotalShipments()))
		if !b.GetInProgress() {
			bar.done()
			return b, nil
		}
		select {
		case <-ctx.Done():
			bar.done()
			return nil, fmt.Errorf("batch %d still %s: %w", id, b.GetStatus(), ctx.Err())
		case <-time.After(time.Second):
		}
	}
}

// save writes a download under the name its Content-Disposition gives (or
// fallback), in dir, and says where.
func save(out io.Writer, dir string, header http.Header, data []byte, fallback string) error {
	name := fallback
	if _, params, err := mime.ParseMediaType(header.Get("Content-Disposition")); err == nil && params["filename"] != "" {
		name = params["filename"]
	}
	// The name is the server's; only its last element is used, so it can
	// never write outside dir.
	name = filepath.Base(filepath.Clean("/" + name))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(out, "saved %s (%d bytes)\n", path, len(data))
	return nil
}

// describe is an error as a person reads it: a portal refusal shows its
// message key and the fields it names.
func describe(err error) string {
	var ce *connect.Error
	if !errors.As(err, &ce) {
		return err.Error()
	}
	var fields []string
	for _, d := range ce.Details() {
		if v, derr := d.Value(); derr == nil {
			if detail, ok := v.(*portalv1.ErrorDetail); ok {
				for _, f := range detail.GetFieldErrors() {
					fields = append(fields, f.GetField()+": "+f.GetMessage())
				}
			}
		}
	}
	if len(fields) > 0 {
		return fmt.Sprintf("%v (%s)", err, strings.Join(fields, ", "))
	}
	return err.Error()
}
