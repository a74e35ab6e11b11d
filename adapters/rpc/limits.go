package rpc

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/rpc/gen/portal/v1/portalv1connect"
)

// Request bodies are limited where their bytes enter the server: the same
// limit bounds the bytes on the wire and, for a gzip body, the bytes after
// inflating, so neither a large body nor a small bomb can make the process
// hold more than the route's limit.
const (
	// defaultBodyLimit is every route's limit unless bodyLimits names it:
	// forms, filters and cell edits are a few kilobytes.
	defaultBodyLimit int64 = 1 << 20
	// fileBodyLimit is for the routes that take a file of up to 10 MB
	// (CSV batches, address-book imports, documents, acss files): the file travels base64 inside
	// JSON (4/3 of its size) or as protobuf bytes, plus the other fields.
	fileBodyLimit int64 = 14 << 20
	// attachmentsBodyLimit is for the parcel inquiry with up to three
	// attachments of 8 MB each (spec 3), base64 in JSON.
	attachmentsBodyLimit int64 = 33 << 20
)

// bodyLimits are the routes that may take more than defaultBodyLimit, by
// procedure (the REST paths reach the same procedures).
var bodyLimits = map[string]int64{
	portalv1connect.BatchServiceCreateBatchProcedure:              fileBodyLimit,
	portalv1connect.DocumentServiceCreateProductCodesDocProcedure: fileBodyLimit,
	portalv1connect.DocumentServiceUpdateProductCodesDocProcedure: fileBodyLimit,
	portalv1connect.DocumentServiceCreateCsvTemplateDocProcedure:  fileBodyLimit,
	portalv1connect.DocumentServiceUpdateCsvTemplateDocProcedure:  fileBodyLimit,
	portalv1connect.AcssServiceCreateAcssProcedure:                fileBodyLimit,
	portalv1connect.AcssServiceUpdateAcssProcedure:                fileBodyLimit,
	// An address-book import: up to 10 MB of CSV (10,000 rows are about 3 MB).
	portalv1connect.AddressBookServiceImportAddressBookProcedure: fileBodyLimit,
	// A customs document upload: a PDF of up to 5 MB (core/customsdoc).
	portalv1connect.CustomsDocumentServiceUploadCustomsDocumentProcedure: fileBodyLimit,
	// A parcel inquiry with up to three attachments of 8,000,000 bytes.
	portalv1connect.InquiryServiceSubmitParcelInquiryProcedure: attachmentsBodyLimit,
}

// bodyLimitOf is the limit of one procedure's request body.
func bodyLimitOf(procedure string) int64 {
	if limit, ok := bodyLimits[procedure]; ok {
		return limit
	}
	return defaultBodyLimit
}

// serviceBodyLimit is the largest limit of a service's procedures: what the
// Connect handler (WithReadMaxBytes, which also bounds gRPC's compressed
// messages) and vanguard's buffers allow for the service as a whole.
func serviceBodyLimit(service string) int64 {
	limit := defaultBodyLimit
	for procedure, l := range bodyLimits {
		if strings.HasPrefix(procedure, "/"+service+"/") && l > limit {
			limit = l
		}
	}
	return limit
}

// requestTooLargeKey is the message key of a refused body.
const requestTooLargeKey = "error.requestTooLarge"

// bodyGuard is the request body as the handlers see it: it reads the bytes
// on the wire up to the route's limit and, when the body came gzipped,
// inflates them itself up to the same limit. Nothing is read before the
// procedure is known and the caller admitted (admitBodies), so the limit in
// force is the route's and an anonymous caller gets nothing inflated.
type bodyGuard struct {
	raw      io.ReadCloser
	gzipped  bool
	declared int64 // Content-Length as sent, -1 if unknown

	mu       sync.Mutex
	limit    int64
	reader   io.Reader
	err      error
	exceeded bool
}

type bodyGuardKey struct{}

func guardOf(ctx context.Context) *bodyGuard {
	g, _ := ctx.Value(bodyGuardKey{}).(*bodyGuard)
	return g
}

// guardBodies puts a bodyGuard in front of every request body. A gzip body
// (Content-Encoding) is inflated by the guard, so the handlers behind it
// (Connect, vanguard) see it plain and never inflate it themselves.
func guardBodies(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		g := &bodyGuard{raw: r.Body, declared: r.ContentLength, limit: defaultBodyLimit}
		if strings.EqualFold(strings.TrimSpace(r.Header.Get("Content-Encoding")), "gzip") {
			g.gzipped = true
			r.Header.Del("Content-Encoding")
			r.Header.Del("Content-Length")
			r.ContentLength = -1
		}
		r.Body = g
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), bodyGuardKey{}, g)))
	})
}

// setLimit sets the route's limit; it holds only before the first read.
func (g *bodyGuard) setLimit(limit int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.reader == nil {
		g.limit = limit
	}
}

// tooLarge tells whether the body was refused for its size.
func (g *bodyGuard) tooLarge() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.exceeded
}

// declaredTooLarge refuses, before reading, a body whose Content-Length
// already exceeds the limit.
func (g *bodyGuard) declaredTooLarge() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.declared > g.limit {
		g.exceeded = true
		return errRequestTooLarge(g.limit)
	}
	return nil
}

func (g *bodyGuard) Read(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.err != nil {
		return 0, g.err
	}
	if g.reader == nil {
		g.reader = &cappedReader{r: g.raw, limit: g.limit, exceeded: &g.exceeded}
		if g.gzipped {
			gz, err := gzip.NewReader(g.reader)
			if err != nil {
				g.err = g.failure(err)
				return 0, g.err
			}
			g.reader = &cappedReader{r: gz, limit: g.limit, exceeded: &g.exceeded}
		}
	}
	n, err := g.reader.Read(p)
	if err != nil && !errors.Is(err, io.EOF) {
		g.err = g.failure(err)
		return n, g.err
	}
	return n, err
}

// failure turns a read error into what the caller is told: too large, or a
// body that is not what it claims to be (a broken gzip stream).
func (g *bodyGuard) failure(err error) error {
	if g.exceeded {
		return errRequestTooLarge(g.limit)
	}
	if errors.Is(err, gzip.ErrHeader) || errors.Is(err, gzip.ErrChecksum) || errors.Is(err, io.ErrUnexpectedEOF) {
		return withDetail(connect.NewError(connect.CodeInvalidArgument, errors.New("error.http.400")),
			&portalv1.ErrorDetail{MessageKey: "error.http.400"})
	}
	return err
}

func (g *bodyGuard) Close() error { return g.raw.Close() }

// prefetchChunk is the size of the pieces prefetch reads a body into.
const prefetchChunk = 1 << 20

// prefetch reads the whole body now, inflating a gzip body, into pieces of
// 1 MB that the handler reads afterwards. A broken or oversized body is
// refused here, holding at most the route's limit, before vanguard buffers
// it: a body of unknown length (every gzip body) vanguard reads into a
// buffer it keeps doubling, about three times the body at its peak (a 32 MB
// inquiry took 110 MB).
func (g *bodyGuard) prefetch() error {
	var pieces []io.Reader
	for {
		piece := make([]byte, prefetchChunk)
		n, err := io.ReadFull(g, piece)
		if n > 0 {
			pieces = append(pieces, bytes.NewReader(piece[:n]))
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			return err
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.reader = io.MultiReader(pieces...)
	return nil
}

// cappedReader reads at most limit bytes and fails on the next one.
type cappedReader struct {
	r        io.Reader
	limit    int64
	read     int64
	exceeded *bool
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if remaining := c.limit - c.read + 1; int64(len(p)) > remaining {
		p = p[:remaining]
	}
	n, err := c.r.Read(p)
	c.read += int64(n)
	if c.read > c.limit {
		*c.exceeded = true
		return n - int(c.read-c.limit), errors.New("request body exceeds its limit")
	}
	return n, err
}

// errRequestTooLarge is the Connect error of a refused body; REST answers
// it as 413 (withRESTErrors).
func errRequestTooLarge(limit int64) error {
	params := map[string]string{"maxMegabytes": strconv.FormatInt(limit>>20, 10)}
	return withDetail(connect.NewError(connect.CodeResourceExhausted, errors.New(statusMessage(requestTooLargeKey, params))),
		&portalv1.ErrorDetail{MessageKey: requestTooLargeKey, Params: params})
}

// admitter admits a request of its procedure before its body is read,
// from the context with the caller (nil: anonymous) and the headers; it
// answers the context the handler runs in and what frees the admission
// once the handler is done.
type admitter func(authorized context.Context, r *http.Request) (context.Context, func(), error)

// admitBodies stands in front of a service's Connect handler, where the
// procedure is known (vanguard has rewritten a REST path to it but read
// nothing yet). It sets the procedure's body limit and, for a request that
// carries a body, checks the caller against the policy table before a byte
// is read: an anonymous or unknown caller on a signed-in route, or a body
// declared larger than the limit, is refused without reading or inflating
// it. A procedure with an admitter (a.admissions) is admitted by it too
// before a byte is read: an anonymous inquiry answers its captcha in a
// header and waits for its turn. The interceptor checks the caller again
// (from the cache).
func (a *authenticator) admitBodies(next http.Handler) http.Handler {
	errs := connect.NewErrorWriter()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g := guardOf(r.Context())
		if g == nil {
			next.ServeHTTP(w, r)
			return
		}
		procedure := r.URL.Path
		g.setLimit(bodyLimitOf(procedure))
		if !errs.IsSupported(r) {
			// Neither Connect, gRPC nor gRPC-Web (a form or XML posted to
			// an RPC path): Connect would answer a bare 415; this one says
			// why, as REST does.
			writeProblem(w, procedure, http.StatusUnsupportedMediaType, nil)
			return
		}
		// A link download without the header carries its download token in
		// the message (a few bytes, under the default limit), which the
		// interceptor redeems once it is read.
		authorized := r.Context()
		if _, link := linkDownloads[procedure]; !link || r.Header.Get("Authorization") != "" {
			ctx, err := a.authorize(r.Context(), procedure, r.Header.Get("Authorization"))
			if err != nil {
				_ = errs.Write(w, r, toConnectError(r.Context(), err))
				return
			}
			authorized = ctx
		}
		if err := g.declaredTooLarge(); err != nil {
			_ = errs.Write(w, r, err)
			return
		}
		if admit := a.admissions[procedure]; admit != nil {
			ctx, done, err := admit(authorized, r)
			if err != nil {
				_ = errs.Write(w, r, toConnectError(r.Context(), err))
				return
			}
			defer done()
			r = r.WithContext(ctx)
			if err := g.prefetch(); err != nil {
				_ = errs.Write(w, r, err)
				return
			}
		}
		r.Body = &confirmedEOF{ReadCloser: r.Body}
		next.ServeHTTP(w, r)
	})
}

// confirmedEOF makes sure an end of body is one. Vanguard answers a REST
// body it cannot decode (malformed JSON, not UTF-8, a number for a string)
// with an error, but hands the handler an empty body (io.EOF) and only a
// second read returns the error: without this the handler ran with an empty
// request (a malformed news item was stored empty).
type confirmedEOF struct {
	io.ReadCloser
	done error
}

func (c *confirmedEOF) Read(p []byte) (int, error) {
	if c.done != nil {
		return 0, c.done
	}
	n, err := c.ReadCloser.Read(p)
	if errors.Is(err, io.EOF) {
		if _, again := c.ReadCloser.Read(nil); again != nil && !errors.Is(again, io.EOF) {
			err = again
		}
		c.done = err
	}
	return n, err
}
