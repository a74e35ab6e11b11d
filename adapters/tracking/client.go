// Package tracking is the client of the carrier's tracking API (the JSON of
// adapters/tracking/wire, under /v1 or /v3 of TRACKING_URL): it implements
// the core's tracking.Service. A refused account becomes
// tracking.ErrRefused, an unknown parcel tracking.ErrNotFound, criteria the
// service refuses a field failure, and anything else that goes wrong
// (HTTP 5xx, no answer within the timeout, an answer that is no JSON)
// tracking.ErrUnavailable, with the cause kept for the log.
package tracking

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"parcelportal/adapters/tracking/wire"
	"parcelportal/core/failure"
	"parcelportal/core/tracking"
)

// DefaultTimeout bounds one call.
const DefaultTimeout = 15 * time.Second

// maxAnswer bounds what is read of an answer (an export of 5000 rows fits).
const maxAnswer = 32 << 20

// Client speaks to the tracking API at BaseURL.
type Client struct {
	base    string
	http    *http.Client
	timeout time.Duration
}

// Option changes a client.
type Option func(*Client)

// WithHTTPClient sends the calls through hc.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.http = hc } }

// WithTimeout bounds every call by d.
func WithTimeout(d time.Duration) Option { return func(c *Client) { c.timeout = d } }

// New returns a client of the tracking API at base (such as http://127.0.0.1:8092).
func New(base string, opts ...Option) *Client {
	c := &Client{base: base, http: &http.Client{}, timeout: DefaultTimeout}
	for _, o := range opts {
		o(c)
	}
	return c
}

var _ tracking.Service = (*Client)(nil)

// call sends one request as the account and decodes the JSON answer into
// out, or returns the raw body when out is nil.
func (c *Client) call(ctx context.Context, a tracking.Account, method, path string, in, out any) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var body io.Reader
	if in != nil {
		raw, err := json.Marshal(in)
		if err != nil {
			return nil, err
		}
		body = bytes.NewReader(raw)
	}
	version := "v1"
	if a.Version == tracking.V3 {
		version = "v3"
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+"/"+version+"/"+path, body)
	if err != nil {
		return nil, err
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if version == "v3" {
		req.Header.Set("X-Api-Key", a.APIKey)
		if a.ClientID != "" {
			req.SetBasicAuth(a.ClientID, a.ClientSecret)
		}
	} else {
		req.SetBasicAuth(a.Username, a.Password)
		if a.AccessKey != "" {
			req.Header.Set("X-Access-Key", a.AccessKey)
		}
	}
	res, err := c.http.Do(req)
	if err != nil {
		return nil, unavailable(fmt.Errorf("tracking %s: %w", path, errOnly(err)))
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	if err != nil {
		return nil, unavailable(fmt.Errorf("tracking %s: %w", path, err))
	}
	switch {
	case res.StatusCode == http.StatusUnauthorized || res.StatusCode == http.StatusForbidden:
		return nil, tracking.ErrRefused
	case res.StatusCode == http.StatusNotFound:
		return nil, tracking.ErrNotFound
	case res.StatusCode == http.StatusBadRequest:
		var e wire.Error
		_ = json.Unmarshal(raw, &e)
		var fields []failure.FieldViolation
		for _, f := range e.Fields {
			fields = append(fields, failure.FieldViolation{Object: "search_criteria", Field: f, Rule: "pattern"})
		}
		if len(fields) == 1 && fields[0].Field == "export" {
			return nil, failure.New(failure.Invalid, tracking.KeyExportLimit, "limit", fmt.Sprint(tracking.ExportLimit))
		}
		return nil, failure.InvalidFields(fields...)
	case res.StatusCode != http.StatusOK:
		return nil, unavailable(fmt.Errorf("tracking %s: status %d", path, res.StatusCode))
	}
	if out == nil {
		return raw, nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return nil, unavailable(fmt.Errorf("tracking %s: %w", path, err))
	}
	return raw, nil
}

func unavailable(cause error) error {
	return &failure.Error{Kind: tracking.ErrUnavailable.Kind, Key: tracking.ErrUnavailable.Key, Cause: cause}
}

// errOnly keeps an error's cause without the request's URL.
func errOnly(err error) error {
	if u, ok := err.(*url.Error); ok {
		return u.Err
	}
	return err
}

// Request is the wire's search request for the core's criteria.
func Request(c tracking.Criteria, m tracking.Meta) wire.SearchRequest {
	sc := wire.SearchCriteria{IDs: c.IDs, ProductCode: c.ProductCode, Status: c.Status, Destination: c.Destination, Origin: c.Origin,
		RecipientName: c.RecipientName, Forward: c.Forward, SearchAfter: c.SearchAfter, Customer: c.Customers}
	if c.From != "" || c.To != "" {
		r := &wire.DateRange{StartDate: c.From, EndDate: c.To}
		switch c.DateType {
		case tracking.DateShipped:
			sc.DateShipped = r
		case tracking.DeliveryDate:
			sc.DeliveryDate = r
		default:
			sc.ShipmentDate = r
		}
	}
	return wire.SearchRequest{SearchCriteria: sc, Meta: wire.Meta{SortField: m.SortField, SortOrder: m.SortOrder, PageSize: m.PageSize, PageNo: m.PageNo}}
}

// Search finds parcels.
func (c *Client) Search(ctx context.Context, a tracking.Account, cr tracking.Criteria, m tracking.Meta) (tracking.Page, error) {
	var res wire.SearchResponse
	if _, err := c.call(ctx, a, http.MethodPost, "search", Request(cr, m), &res); err != nil {
		return tracking.Page{}, err
	}
	p := tracking.Page{Total: res.Meta.Total, Rows: make([]tracking.Row, 0, len(res.Data))}
	for _, r := range res.Data {
		p.Rows = append(p.Rows, Row(r))
	}
	return p, nil
}

// Row maps a wire row.
func Row(r wire.Row) tracking.Row {
	return tracking.Row{
		FtID: r.FtID, CustomerID: r.CustomerID, CustomerName: r.CustomerName, SubsidiaryName: r.SubsidiaryName, CarrierName: r.CarrierName,
		SenderName: r.SenderName, RecipientName: r.RecipientName, OriginCountryName: r.OriginCountryName,
		DestinationCountryName: r.DestinationCountryName, OrderID: r.OrderID, TrackingID: r.TrackingID,
		ShipmentDate: when(r.ShipmentDate), DateShipped: when(r.DateShipped), DeliveryDate: when(r.DeliveryDate),
		ProductCode: r.ProductCode, LatestHarmonizedCode: r.LatestHarmonizedCode, LatestHarmonizedDesc: r.LatestHarmonizedDesc, Sort: r.Sort,
	}
}

func when(s string) time.Time {
	t, _ := time.Parse(time.RFC3339, s)
	return t
}

func path(id string, rest string) string {
	return "parcels/" + url.PathEscape(id) + rest
}

// Parcel reads a parcel's details with its events.
func (c *Client) Parcel(ctx context.Context, a tracking.Account, id string) (tracking.Detail, error) {
	var d wire.Detail
	if _, err := c.call(ctx, a, http.MethodGet, path(id, ""), nil, &d); err != nil {
		return tracking.Detail{}, err
	}
	return Detail(d), nil
}

// Detail maps a wire detail.
func Detail(d wire.Detail) tracking.Detail {
	return tracking.Detail{
		TrackingID: d.TrackingID, FtID: d.FtID, Origin: d.ShipmentData.Origin, Destination: d.ShipmentData.Destination,
		DestinationCCA2: d.ShipmentData.DestinationCCA2, ShipmentDate: when(d.ShipmentData.ShipmentDate),
		ProductCode: d.ShipmentData.ProductCode, ProductDescription: d.ShipmentData.ProductDescription,
		Weight: d.ParcelData.Weight, Quantity: d.ParcelData.Quantity, CustomerID: d.ParcelData.CustomerID,
		CustomerName: d.CustomerName.CustomerName, Subsidiary: d.CustomerName.Subsidiary, CarrierName: d.CarrierName,
		LastMileCarrier: d.LastMileCarrier, LastMileCarrierURL: d.LastMileCarrierURL, CurrentReceptacleID: d.CurrentReceptacleID,
		Receiver: receiver(d.ReceiverDetails), Sender: sender(d.SenderDetails), Events: events(d.TrackingEvents),
	}
}

func receiver(r wire.Receiver) tracking.Party {
	return tracking.Party{Name: r.Name, Address1: r.Address1, Address2: r.Address2, Address3: r.Address3, City: r.City, Zip: r.Zip,
		Country: r.Country, Email: r.Email, Phone: r.Phone}
}

func sender(r wire.Sender) tracking.Party {
	return tracking.Party{Name: r.Name, Address1: r.Address1, Address2: r.Address2, Address3: r.Address3, City: r.City, Zip: r.Zip,
		Country: r.Country, Email: r.Email, Phone: r.Phone}
}

func events(in []wire.Event) []tracking.Event {
	out := make([]tracking.Event, 0, len(in))
	for _, e := range in {
		out = append(out, tracking.Event{HarmonizedCode: e.HarmonizedCode, LocationName: e.LocationName, Time: when(e.EventTime),
			Source: e.EventSource, Code1: e.EventCode1, RawDesc: e.EventRawDesc, CustomerService: e.CustomerService})
	}
	return out
}

// Events reads a parcel's events.
func (c *Client) Events(ctx context.Context, a tracking.Account, id string) ([]tracking.Event, error) {
	var es []wire.Event
	if _, err := c.call(ctx, a, http.MethodGet, path(id, "/events"), nil, &es); err != nil {
		return nil, err
	}
	return events(es), nil
}

// Receiver reads a parcel's recipient.
func (c *Client) Receiver(ctx context.Context, a tracking.Account, id string) (tracking.Party, error) {
	var r wire.Receiver
	if _, err := c.call(ctx, a, http.MethodGet, path(id, "/parcel-receiver"), nil, &r); err != nil {
		return tracking.Party{}, err
	}
	return receiver(r), nil
}

// Sender reads a parcel's sender.
func (c *Client) Sender(ctx context.Context, a tracking.Account, id string) (tracking.Party, error) {
	var r wire.Sender
	if _, err := c.call(ctx, a, http.MethodGet, path(id, "/parcel-sender"), nil, &r); err != nil {
		return tracking.Party{}, err
	}
	return sender(r), nil
}

// Products lists the products the service tracks.
func (c *Client) Products(ctx context.Context, a tracking.Account) ([]tracking.Product, error) {
	var ps []wire.Product
	if _, err := c.call(ctx, a, http.MethodGet, "products", nil, &ps); err != nil {
		return nil, err
	}
	out := make([]tracking.Product, 0, len(ps))
	for _, p := range ps {
		out = append(out, tracking.Product{Code: p.ProductCode, Description: p.ProductDescription})
	}
	return out, nil
}

// Export answers the matching parcels as a CSV or XLSX file.
func (c *Client) Export(ctx context.Context, a tracking.Account, cr tracking.Criteria, m tracking.Meta, format string) ([]byte, error) {
	if format != tracking.CSV && format != tracking.Excel {
		return nil, failure.InvalidFields(failure.FieldViolation{Object: "export", Field: "format", Rule: "pattern"})
	}
	return c.call(ctx, a, http.MethodPost, "export/"+format, Request(cr, m), nil)
}
