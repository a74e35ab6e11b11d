package rpc_test

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"testing"
	"time"

	"connectrpc.com/connect"

	"parcelportal/adapters/memory"
	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/core/batch"
	"parcelportal/core/batchcsv/batchcsvtest"
	"parcelportal/core/linkdownload"
)

// TestLinkDownloadsTakeOnlyTheirOwnToken: the batch page's link downloads
// (labels, commercial invoice) carry a download token in ?bearer=, never a
// session token. A token works once, within a minute, for the download and
// batch it was made for; everything else is refused, over REST and Connect.
func TestLinkDownloadsTakeOnlyTheirOwnToken(t *testing.T) {
	a := newBatchesAPI(t)
	mine := idOf(a.upload(t, batchcsvtest.Generate(2))["id"])
	second := idOf(a.upload(t, batchcsvtest.Generate(1))["id"])
	for _, id := range []string{mine, second} {
		batchID, _ := strconv.ParseInt(id, 10, 64)
		rows, _ := a.store.Rows(context.Background(), batchID, false)
		a.store.PutShipment(memory.StoredShipment{Shipment: batch.Shipment{BatchID: batchID, CustomerID: a.mine, ValidatedShipmentID: rows[0].ID,
			Position: 1, Success: true, Identifier: "LX000000001DE", LabelType: "PDF", LabelContentType: "application/pdf"},
			Label: label(t, "LX000000001DE", "PDF")})
		if _, err := a.store.Update(context.Background(), batchID, func(b *batch.Batch) error { b.Status = batch.Sent; return nil }); err != nil {
			t.Fatal(err)
		}
	}
	labels := func(id, token string) (int, string) {
		rsp, b := a.call(t, "", "GET", "/web/api/batches/"+id+"/labels?cacheBuster=1&bearer="+token, "")
		return rsp.StatusCode, string(b)
	}
	refused := func(what string, code int, body string) {
		t.Helper()
		if code != http.StatusUnauthorized && code != http.StatusNotFound && code != http.StatusForbidden {
			t.Errorf("%s = %d %.200s", what, code, body)
		}
	}

	token := a.downloadToken(t, a.user(), mine, "labels")
	if code, body := labels(mine, token); code != http.StatusOK {
		t.Fatalf("labels with their token = %d %.200s", code, body)
	}
	code, body := labels(mine, token)
	refused("the same token again", code, body)

	code, body = labels(mine, a.user())
	refused("a session token in the URL", code, body)
	if code != http.StatusUnauthorized {
		t.Errorf("a session token in the URL = %d, want 401", code)
	}

	code, body = labels(second, a.downloadToken(t, a.user(), mine, "labels"))
	refused("a token of another batch", code, body)

	rsp, b := a.call(t, "", "GET", "/web/api/batches/"+mine+"/commercial-invoice?bearer="+a.downloadToken(t, a.user(), mine, "labels"), "")
	refused("a labels token for the commercial invoice", rsp.StatusCode, string(b))

	expiring := a.downloadToken(t, a.user(), mine, "labels")
	*a.clock = a.clock.Add(linkdownload.Lifetime)
	code, body = labels(mine, expiring)
	refused("an expired token", code, body)

	// Another customer's user gets no token for the batch, and its own
	// token does not open it.
	stranger := "ROLE_USER:" + strconv.FormatInt(a.other, 10)
	if rsp, b := a.call(t, stranger, "POST", "/web/api/batches/"+mine+"/download-tokens", `{"download":"labels"}`); rsp.StatusCode != http.StatusNotFound {
		t.Errorf("token for another customer's batch = %d %s", rsp.StatusCode, b)
	}
	if rsp, b := a.call(t, a.user(), "POST", "/web/api/batches/"+mine+"/download-tokens", `{"download":"csv"}`); rsp.StatusCode != http.StatusBadRequest ||
		decode[map[string]any](t, b)["message"] != linkdownload.KeyPurposeInvalid {
		t.Errorf("token for a download that is no link = %d %s", rsp.StatusCode, b)
	}
	if rsp, _ := a.call(t, "", "POST", "/web/api/batches/"+mine+"/download-tokens", `{"download":"labels"}`); rsp.StatusCode != http.StatusUnauthorized {
		t.Errorf("anonymous token = %d", rsp.StatusCode)
	}
	if rsp, _ := a.call(t, "ROLE_TRACKING", "POST", "/web/api/batches/"+mine+"/download-tokens", `{"download":"labels"}`); rsp.StatusCode != http.StatusForbidden {
		t.Errorf("tracking-only token = %d", rsp.StatusCode)
	}

	// The same over Connect: the token comes from the RPC, the download
	// takes it in its bearer field.
	client := portalv1connect.NewBatchServiceClient(a.srv.Client(), a.srv.URL)
	ctx := context.Background()
	id, _ := strconv.ParseInt(mine, 10, 64)
	req := connect.NewRequest(&portalv1.CreateBatchDownloadTokenRequest{Id: id, Download: "labels"})
	req.Header().Set("Authorization", "Bearer "+a.user())
	issued, err := client.CreateBatchDownloadToken(ctx, req)
	if err != nil || issued.Msg.GetExpiresAt().AsTime().Sub(*a.clock) > time.Minute {
		t.Fatalf("Connect token = %v, %v", issued, err)
	}
	got, err := client.DownloadBatchLabels(ctx, connect.NewRequest(&portalv1.DownloadBatchLabelsRequest{Id: id, Bearer: issued.Msg.GetToken()}))
	if err != nil || got.Msg.GetFile().GetContentType() != "application/pdf" {
		t.Fatalf("Connect labels with the token = %v", err)
	}
	for name, bearer := range map[string]string{"reused": issued.Msg.GetToken(), "session": a.user()} {
		_, err := client.DownloadBatchLabels(ctx, connect.NewRequest(&portalv1.DownloadBatchLabelsRequest{Id: id, Bearer: bearer}))
		var cerr *connect.Error
		if !errors.As(err, &cerr) || cerr.Code() != connect.CodeUnauthenticated {
			t.Errorf("Connect labels with a %s token = %v", name, err)
		}
	}
}
