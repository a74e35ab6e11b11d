package memory

import (
	"bytes"
	"context"
	"encoding/csv"
	"slices"
	"strings"
	"sync"
	"time"

	"parcelportal/adapters/carrier/labels"
	"parcelportal/core/export"
	"parcelportal/core/tracking"
)

// Tracking is the carrier's tracking API in memory, for app tests: it knows
// the labels it is told of (Labelled), each with its label events ELECNOT
// and PRINTLAB and the further events a test adds (Scan). It accepts the
// account Username / Password (V1) or APIKey (V3), and can be made
// unavailable. It passes the contract in adapters/tracking/trackingtest.
type Tracking struct {
	mu          sync.Mutex
	parcels     map[string]*trackedParcel
	Unavailable bool
}

type trackedParcel struct {
	customer string
	detail   tracking.Detail
	orderID  string
}

// NewTracking returns an empty tracking service.
func NewTracking() *Tracking { return &Tracking{parcels: map[string]*trackedParcel{}} }

// The account the fake accepts.
const (
	TrackingUsername = "demo"
	TrackingPassword = "portal-demo"
	TrackingAPIKey   = "demo-key"
)

var _ tracking.Service = (*Tracking)(nil)

// Labelled records a label made for the customer (CRM id).
func (t *Tracking) Labelled(customer string, l labels.Label) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.parcels[l.Identifier]; ok {
		return
	}
	r := l.Receiver
	t.parcels[l.Identifier] = &trackedParcel{customer: customer, orderID: l.Reference, detail: tracking.Detail{
		TrackingID: l.Identifier, FtID: "FT" + l.Identifier, Origin: l.SenderHub, Destination: r.Country, DestinationCCA2: r.Country,
		ShipmentDate: l.Date.UTC(), ProductCode: l.Product, ProductDescription: l.Product, Quantity: 1, CustomerID: customer,
		CustomerName: customer, CarrierName: "Parcel Portal",
		Receiver: tracking.Party{Name: r.Name, Address1: strings.TrimSpace(r.Street + " " + r.No), City: r.City, Zip: r.PostalCode, Country: r.Country, Email: r.Email, Phone: r.Mobile},
		Sender:   tracking.Party{Name: customer, Country: l.SenderHub},
		Events: []tracking.Event{
			{HarmonizedCode: tracking.ElecNot, Time: l.Date.UTC(), Source: "EDI"},
			{HarmonizedCode: tracking.PrintLab, Time: l.Date.UTC().Add(time.Second), Source: "LABEL"},
		},
	}}
}

// Scan adds an event to a parcel.
func (t *Tracking) Scan(id string, e tracking.Event) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if p, ok := t.parcels[id]; ok {
		p.detail.Events = append(p.detail.Events, e)
	}
}

func (t *Tracking) check(a tracking.Account) error {
	switch {
	case t.Unavailable:
		return tracking.ErrUnavailable
	case a.Version == tracking.V3 && a.APIKey == TrackingAPIKey:
		return nil
	case a.Version != tracking.V3 && a.Username == TrackingUsername && a.Password == TrackingPassword:
		return nil
	}
	return tracking.ErrRefused
}

func latest(es []tracking.Event) (tracking.Event, time.Time, time.Time) {
	var last tracking.Event
	var shipped, delivered time.Time
	for _, e := range es {
		if e.CustomerService {
			continue
		}
		last = e
		switch e.HarmonizedCode {
		case tracking.CheckIn:
			shipped = e.Time
		case tracking.Delivery:
			delivered = e.Time
		}
	}
	return last, shipped, delivered
}

func (t *Tracking) rows(c tracking.Criteria, m tracking.Meta) []tracking.Row {
	from, to := c.Range()
	var rows []tracking.Row
	for id, p := range t.parcels {
		d := p.detail
		last, shipped, delivered := latest(d.Events)
		date := map[string]time.Time{tracking.ShipmentDate: d.ShipmentDate, tracking.DateShipped: shipped, tracking.DeliveryDate: delivered}[c.DateType]
		switch {
		case len(c.IDs) > 0 && !slices.Contains(c.IDs, id) && !slices.Contains(c.IDs, p.orderID),
			len(c.Customers) > 0 && !slices.Contains(c.Customers, p.customer),
			c.ProductCode != "" && c.ProductCode != d.ProductCode,
			c.Status != nil && tracking.StatusOf(last.HarmonizedCode) != *c.Status,
			c.Destination != "" && c.Destination != d.DestinationCCA2,
			c.Origin != "" && c.Origin != d.Sender.Country,
			c.RecipientName != "" && !strings.Contains(strings.ToLower(d.Receiver.Name), strings.ToLower(c.RecipientName)),
			(!from.IsZero() || !to.IsZero()) && (date.IsZero() || date.Before(from) || !to.IsZero() && !date.Before(to)):
			continue
		}
		key := map[string]string{tracking.ShipmentDate: tracking.SortValue(d.ShipmentDate), tracking.DateShipped: tracking.SortValue(shipped),
			tracking.DeliveryDate: tracking.SortValue(delivered), "tracking_id": id, "recipient_name": strings.ToLower(d.Receiver.Name),
			"destination_country_name": d.Destination, "product_code": d.ProductCode}[m.SortField]
		rows = append(rows, tracking.Row{FtID: d.FtID, CustomerID: p.customer, CustomerName: d.CustomerName, CarrierName: d.CarrierName,
			SenderName: d.Sender.Name, RecipientName: d.Receiver.Name, OriginCountryName: d.Origin, DestinationCountryName: d.Destination,
			OrderID: p.orderID, TrackingID: id, ShipmentDate: d.ShipmentDate, DateShipped: shipped, DeliveryDate: delivered,
			ProductCode: d.ProductCode, LatestHarmonizedCode: last.HarmonizedCode, LatestHarmonizedDesc: last.HarmonizedCode, Sort: []string{key, id}})
	}
	sign := 1
	if m.SortOrder == "desc" {
		sign = -1
	}
	slices.SortFunc(rows, func(a, b tracking.Row) int { return sign * slices.Compare(a.Sort, b.Sort) })
	return rows
}

// Search finds parcels as the contract says.
func (t *Tracking) Search(_ context.Context, a tracking.Account, c tracking.Criteria, m tracking.Meta) (tracking.Page, error) {
	c, m, err := tracking.Normalize(c, m)
	if err != nil {
		return tracking.Page{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.check(a); err != nil {
		return tracking.Page{}, err
	}
	rows := t.rows(c, m)
	sign := 1
	if m.SortOrder == "desc" {
		sign = -1
	}
	var page []tracking.Row
	switch {
	case len(c.SearchAfter) > 0 && c.Forward:
		for _, r := range rows {
			if sign*slices.Compare(r.Sort, c.SearchAfter) > 0 && len(page) < m.PageSize {
				page = append(page, r)
			}
		}
	case len(c.SearchAfter) > 0:
		for _, r := range rows {
			if sign*slices.Compare(r.Sort, c.SearchAfter) < 0 {
				page = append(page, r)
			}
		}
		page = page[max(len(page)-m.PageSize, 0):]
	default:
		page = pageOf(rows, m.PageNo, m.PageSize)
	}
	return tracking.Page{Rows: append([]tracking.Row{}, page...), Total: len(rows)}, nil
}

func (t *Tracking) parcel(a tracking.Account, id string) (tracking.Detail, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.check(a); err != nil {
		return tracking.Detail{}, err
	}
	p, ok := t.parcels[id]
	if !ok {
		return tracking.Detail{}, tracking.ErrNotFound
	}
	d := p.detail
	d.Events = slices.Clone(d.Events)
	return d, nil
}

// Parcel reads a parcel's details.
func (t *Tracking) Parcel(_ context.Context, a tracking.Account, id string) (tracking.Detail, error) {
	return t.parcel(a, id)
}

// Events reads a parcel's events.
func (t *Tracking) Events(_ context.Context, a tracking.Account, id string) ([]tracking.Event, error) {
	d, err := t.parcel(a, id)
	return d.Events, err
}

// Receiver reads a parcel's recipient.
func (t *Tracking) Receiver(_ context.Context, a tracking.Account, id string) (tracking.Party, error) {
	d, err := t.parcel(a, id)
	return d.Receiver, err
}

// Sender reads a parcel's sender.
func (t *Tracking) Sender(_ context.Context, a tracking.Account, id string) (tracking.Party, error) {
	d, err := t.parcel(a, id)
	return d.Sender, err
}

// Products lists the products the fake tracks.
func (t *Tracking) Products(_ context.Context, a tracking.Account) ([]tracking.Product, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.check(a); err != nil {
		return nil, err
	}
	return []tracking.Product{{Code: "EPAQSTD", Description: "e-PAQ Standard"}, {Code: "EPAQPLS", Description: "e-PAQ Plus"},
		{Code: "EPAQSCT", Description: "e-PAQ Select"}}, nil
}

// Export answers the matching parcels as CSV (also for excel: the fake
// makes no spreadsheets).
func (t *Tracking) Export(_ context.Context, a tracking.Account, c tracking.Criteria, m tracking.Meta, _ string) ([]byte, error) {
	c, m, err := tracking.Normalize(c, m)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if err := t.check(a); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"tracking_id", "order_id", "customer_id", "recipient_name"})
	for _, r := range t.rows(c, m) {
		_ = w.Write(export.Row([]string{r.TrackingID, r.OrderID, r.CustomerID, r.RecipientName}))
	}
	w.Flush()
	return buf.Bytes(), nil
}
