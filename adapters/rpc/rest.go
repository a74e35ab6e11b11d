package rpc

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/types/known/anypb"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
	"parcelportal/app/management"
	"parcelportal/core/health"
)

// healthREST answers GET management/health like monitoring tools expect:
// the report as the body, and HTTP 503 when the portal is DOWN. Transcoding
// cannot choose a status for a successful RPC, hence this one REST route.
// Like GetHealth it is public; a valid admin bearer sees the components.
type healthREST struct {
	queries management.Queries
	auth    *authenticator
}

func (h healthREST) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx, err := h.auth.authorize(r.Context(), portalv1connect.ManagementServiceGetHealthProcedure, r.Header.Get("Authorization"))
	if err != nil {
		ctx = r.Context() // a public call: a bearer that fails is anonymous
	}
	report := h.queries.CheckHealth(ctx, callerFrom(ctx))
	body, err := jsonCodec{}.Marshal(healthToProto(report))
	if err != nil {
		writeRESTError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if report.Status != health.Up {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	_, _ = w.Write(body)
}

// problem is the REST error body of the spec's global error catalogue.
type problem struct {
	Type        string            `json:"type"`
	Title       string            `json:"title"`
	Status      int               `json:"status"`
	Detail      string            `json:"detail,omitempty"`
	Path        string            `json:"path"`
	Message     string            `json:"message"`
	Params      map[string]string `json:"params,omitempty"`
	EntityName  string            `json:"entityName,omitempty"`
	FieldErrors []fieldError      `json:"fieldErrors,omitempty"`
}

// fieldError is one entry of a problem's fieldErrors, named as the spec's
// clients read it.
type fieldError struct {
	ObjectName string `json:"objectName"`
	Field      string `json:"field"`
	Message    string `json:"message"`
}

// withRESTErrors renders errors of REST calls as problem documents with the
// app-error and app-params headers. Connect, gRPC and gRPC-Web calls do not
// pass here: their clients read the ErrorDetail themselves.
func withRESTErrors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path := r.URL.Path // vanguard rewrites the URL to the RPC's path
		rw := &errorCapture{ResponseWriter: w}
		next.ServeHTTP(rw, r)
		if rw.captured {
			code := rw.status
			if g := guardOf(r.Context()); g != nil && g.tooLarge() {
				// A refused body is 413 over HTTP; vanguard would say 429
				// for the Connect code that gRPC uses for it.
				code = http.StatusRequestEntityTooLarge
			}
			writeProblem(w, path, code, rw.body.Bytes())
		}
	})
}

// restStatus is the HTTP status vanguard gives each code toConnectError
// makes, so that a route vanguard does not transcode answers alike.
var restStatus = map[connect.Code]int{
	connect.CodeCanceled:           499,
	connect.CodeUnknown:            http.StatusInternalServerError,
	connect.CodeInvalidArgument:    http.StatusBadRequest,
	connect.CodeDeadlineExceeded:   http.StatusGatewayTimeout,
	connect.CodeNotFound:           http.StatusNotFound,
	connect.CodePermissionDenied:   http.StatusForbidden,
	connect.CodeResourceExhausted:  http.StatusTooManyRequests,
	connect.CodeFailedPrecondition: http.StatusBadRequest,
	connect.CodeUnavailable:        http.StatusServiceUnavailable,
	connect.CodeUnauthenticated:    http.StatusUnauthorized,
}

// writeRESTError answers an error of a REST route that vanguard does not
// transcode (management/health) with the problem document withRESTErrors
// makes of a handler's error: toConnectError decides code and detail there
// too, and no error text leaks.
func writeRESTError(w http.ResponseWriter, r *http.Request, err error) {
	var mapped *connect.Error
	if !errors.As(toConnectError(r.Context(), err), &mapped) {
		mapped = connect.NewError(connect.CodeUnknown, errors.New("error.internal"))
	}
	st := &status.Status{Code: int32(mapped.Code()), Message: mapped.Message()}
	for _, d := range mapped.Details() {
		st.Details = append(st.Details, &anypb.Any{TypeUrl: "type.googleapis.com/" + d.Type(), Value: d.Bytes()})
	}
	body, _ := protojson.Marshal(st)
	code, known := restStatus[mapped.Code()]
	if !known {
		code = http.StatusInternalServerError
	}
	writeProblem(w, r.URL.Path, code, body)
}

func writeProblem(w http.ResponseWriter, path string, code int, body []byte) {
	p := problem{Type: "about:blank", Title: http.StatusText(code), Status: code, Path: path, Message: defaultMessageKey(code)}
	var st status.Status
	if protojson.Unmarshal(body, &st) == nil {
		p.Detail = st.GetMessage()
		if d, ok := decodeFailure(p.Detail); ok {
			// Vanguard's own refusal of a body: the portal's key instead of its text.
			st.Details, p.Detail = nil, cmp.Or(d.GetMessageKey(), p.Message)
			p.Message, p.Params = p.Detail, d.GetParams()
		}
		for _, any := range st.GetDetails() {
			var d portalv1.ErrorDetail
			if any.UnmarshalTo(&d) == nil {
				p.Message, p.Params, p.EntityName = d.GetMessageKey(), d.GetParams(), d.GetEntityName()
				for _, f := range d.GetFieldErrors() {
					p.FieldErrors = append(p.FieldErrors, fieldError{ObjectName: f.GetObjectName(), Field: f.GetField(), Message: f.GetMessage()})
				}
			}
		}
	}
	if p.EntityName != "" {
		w.Header().Set("app-error", p.Message)
		w.Header().Set("app-params", p.EntityName)
	}
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Del("Content-Length")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(p)
}

// errorCapture passes successful responses straight through and holds back
// JSON error bodies so that they can be rewritten.
type errorCapture struct {
	http.ResponseWriter
	status   int
	captured bool
	body     bytes.Buffer
}

func (c *errorCapture) WriteHeader(code int) {
	// Vanguard's own errors (a query value of the wrong type) come as
	// "application/" with a status body; they are rewritten too.
	if code >= 400 && !strings.HasPrefix(c.Header().Get("Content-Type"), "application/problem+json") {
		c.status, c.captured = code, true
		return
	}
	c.ResponseWriter.WriteHeader(code)
}

func (c *errorCapture) Write(b []byte) (int, error) {
	if c.captured {
		return c.body.Write(b)
	}
	return c.ResponseWriter.Write(b)
}

// Flush keeps streaming downloads streaming.
func (c *errorCapture) Flush() {
	if f, ok := c.ResponseWriter.(http.Flusher); ok && !c.captured {
		f.Flush()
	}
}

// defaultMessageKey is the message of an error that carries no ErrorDetail.
func defaultMessageKey(code int) string {
	if code == http.StatusNotFound {
		return "error.url.not.found"
	}
	return "error.http." + strconv.Itoa(code)
}
