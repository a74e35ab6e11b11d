package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"text/tabwriter"
	"time"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/core/batchcsv/batchcsvtest"
)

// read is one REST GET of the read phases.
type read struct{ name, path string }

// readsOf lists the read phases' calls: the floor and the account first, the
// three lists of issue 26 after them (the crowd phases read reads[2:]).
func readsOf(customer int64) []read {
	report := url.QueryEscape(fmt.Sprintf(`{"searchCriteria":{"customerIds":[%d]},"page":0,"size":20}`, customer))
	return []read{
		{"GET management/version (the floor)", "/management/version"},
		{"GET web/api/account", "/web/api/account"},
		{"GET web/api/batches", fmt.Sprintf("/web/api/batches?customerId=%d&page=0&pageSize=10", customer)},
		{"GET web/api/parcels", fmt.Sprintf("/web/api/parcels?customerId=%d&page=0&pageSize=20", customer)},
		{"GET web/api/reports", "/web/api/reports?pageableFilter=" + report},
	}
}

// listsToRead gives the customer a sent batch of 20 rows and 20 parcels, so
// that each list's page is full, as a working shipper's is.
func (c *client) listsToRead(ctx context.Context, bearer string, customer int64) error {
	created, err := c.batches.CreateBatch(ctx, bearing(&portalv1.CreateBatchRequest{
		Csv: batchcsvtest.Generate(20), CsvFileName: "reads.csv", Customer: &portalv1.BatchRef{Id: customer},
	}, bearer))
	if err != nil {
		return fmt.Errorf("upload the report's batch: %w", err)
	}
	id := created.Msg.GetBatch().GetId()
	if _, err := c.batches.SendBatch(ctx, bearing(&portalv1.SendBatchRequest{Id: id, LabelType: portalv1.LabelType_PDF}, bearer)); err != nil {
		return fmt.Errorf("send the report's batch: %w", err)
	}
	for i := range 20 {
		body := fmt.Sprintf(`{"labelType":"PDF","csvShipmentDTO":{"name":"Reads %d","street":"Hauptstraße","no":"1",
			"postalcode":"10115","city":"Berlin","isoCountry":"DE","referencenumber":"READS-%d","weight":"1,6","format":"B",
			"product":"EPAQSTD","service":"CUP","options":"SIGN"}}`, i, i)
		if err := c.post(ctx, bearer, fmt.Sprintf("/web/api/customers/%d/parcels", customer), body); err != nil {
			return fmt.Errorf("create parcel %d: %w", i+1, err)
		}
	}
	for deadline := time.Now().Add(2 * time.Minute); ; {
		got, err := c.batches.GetBatch(ctx, bearing(&portalv1.GetBatchRequest{Id: id}, bearer))
		if err != nil {
			return err
		}
		if got.Msg.GetBatch().GetStatus() == portalv1.Batch_SENT {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the report's batch %d is still %s after 2 minutes", id, got.Msg.GetBatch().GetStatus())
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// post sends a REST body and drains the answer.
func (c *client) post(ctx context.Context, bearer, path, body string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url+path, strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+bearer)
	req.Header.Set("Content-Type", "application/json")
	rsp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer rsp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(rsp.Body, 4096))
	if rsp.StatusCode/100 != 2 {
		return fmt.Errorf("POST %s: %s %s", path, rsp.Status, answer)
	}
	return nil
}

// printShares writes each read's req/s beside the floor's, as a share of
// it; issue 26 asks the three lists for 40% or more.
func (r *recorder) printShares(out io.Writer, reads []read, took map[string]time.Duration) {
	r.mu.Lock()
	defer r.mu.Unlock()
	rate := func(name string) float64 {
		return float64(len(r.times[name])+r.errs[name]) / took[name].Seconds()
	}
	floor := rate(reads[0].name)
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "read\treq/s\tfloor req/s\tshare of the floor\t")
	for _, rd := range reads {
		fmt.Fprintf(w, "%s\t%.0f\t%.0f\t%.0f%%\t\n", rd.name, rate(rd.name), floor, 100*rate(rd.name)/floor)
	}
	_ = w.Flush()
}
