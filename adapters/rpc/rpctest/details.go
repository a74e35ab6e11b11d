package rpctest

import (
	"errors"
	"testing"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/errdetails"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
)

// Details answers the Connect error of err with its details: the portal's
// ErrorDetail and the standard google.rpc.BadRequest, nil where there is none.
func Details(t testing.TB, err error) (*connect.Error, *portalv1.ErrorDetail, *errdetails.BadRequest) {
	t.Helper()
	var cerr *connect.Error
	if !errors.As(err, &cerr) {
		t.Fatalf("not a Connect error: %v", err)
	}
	var own *portalv1.ErrorDetail
	var standard *errdetails.BadRequest
	for _, d := range cerr.Details() {
		v, derr := d.Value()
		if derr != nil {
			t.Fatalf("detail %s: %v", d.Type(), derr)
		}
		switch v := v.(type) {
		case *portalv1.ErrorDetail:
			own = v
		case *errdetails.BadRequest:
			standard = v
		}
	}
	return cerr, own, standard
}
