package simulator

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"parcelportal/adapters/carrier/labels"
	"parcelportal/adapters/credcheck"
	"parcelportal/adapters/httpserver"
	"parcelportal/adapters/sheet"
	client "parcelportal/adapters/tracking"
	"parcelportal/adapters/tracking/wire"
	"parcelportal/core/failure"
	"parcelportal/core/tracking"
)

// The credentials the simulator accepts: V1 the tracking user demo with
// password portal-demo (an access key, when sent, must be demo-key); V3 the
// API key demo-key.
const (
	Username = credcheck.DemoUsername
	Password = credcheck.DemoPassword
	APIKey   = credcheck.DemoAPIKey
)

// Products are the products the service tracks, with the carrier's names.
var Products = []wire.Product{
	{ProductCode: "EPAQSTD", ProductDescription: "e-PAQ Standard"},
	{ProductCode: "EPAQPLS", ProductDescription: "e-PAQ Plus"},
	{ProductCode: "EPAQSCT", ProductDescription: "e-PAQ Select"},
	{ProductCode: "EPAQELT", ProductDescription: "e-PAQ Elite"},
	{ProductCode: "EPAQGO", ProductDescription: "e-PAQ Go"},
	{ProductCode: "EPAQRETDOM", ProductDescription: "e-PAQ Return Domestic"},
	{ProductCode: "EPAQRETINT", ProductDescription: "e-PAQ Return International"},
}

func productName(code string) string {
	for _, p := range Products {
		if p.ProductCode == code {
			return p.ProductDescription
		}
	}
	return code
}

// countryNames name the countries the demo ships to; others keep their code.
var countryNames = map[string]string{"AT": "Austria", "BE": "Belgium", "CH": "Switzerland", "DE": "Germany", "DK": "Denmark",
	"ES": "Spain", "FR": "France", "GB": "United Kingdom", "IT": "Italy", "LU": "Luxembourg", "NL": "Netherlands", "NO": "Norway",
	"PL": "Poland", "SE": "Sweden", "US": "United States", "CA": "Canada", "AU": "Australia", "JP": "Japan", "BR": "Brazil"}

func countryName(code string) string {
	if n, ok := countryNames[strings.ToUpper(code)]; ok {
		return n
	}
	return strings.ToUpper(code)
}

// subsidiary names the carrier's subsidiary serving a customer, from its
// CRM id's country prefix.
func subsidiary(crmid string) string {
	if len(crmid) >= 2 {
		return "Parcel Portal " + countryName(crmid[:2])
	}
	return "Parcel Portal"
}

// ServeHTTP answers the tracking API, POST /parcels (a label the carrier
// made), GET and POST /control, GET /stats and GET /health.
func (s *Simulator) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == "/health":
		writeJSON(w, http.StatusOK, map[string]string{"status": "UP"})
		return
	case r.URL.Path == "/control" && (r.Method == http.MethodGet || r.Method == http.MethodPost):
		httpserver.ServeControl(w, r, s.Settings, s.Apply)
		return
	case r.URL.Path == "/stats" && r.Method == http.MethodGet:
		s.serveStats(w)
		return
	case r.URL.Path == "/parcels" && r.Method == http.MethodPost:
		s.serveLabelled(w, r)
		return
	case r.URL.Path == "/check-credentials" && r.Method == http.MethodPost:
		credcheck.Handler(w, r)
		return
	}
	version, rest, ok := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	if !ok || (version != "v1" && version != "v3") {
		writeJSON(w, http.StatusNotFound, wire.Error{Error: "no such path"})
		return
	}
	s.mu.Lock()
	latency, fail := s.cfg.Latency, s.fault()
	s.mu.Unlock()
	if latency > 0 {
		select {
		case <-time.After(latency):
		case <-r.Context().Done():
			return
		}
	}
	if fail {
		writeJSON(w, http.StatusServiceUnavailable, wire.Error{Error: "tracking is busy, try again"})
		return
	}
	if !authorised(version, r) {
		writeJSON(w, http.StatusUnauthorized, wire.Error{Error: "the account is not accepted"})
		return
	}
	s.serveAPI(w, r, rest)
}

// authorised applies the simulator's credentials to a version's sign-in.
func authorised(version string, r *http.Request) bool {
	if version == "v3" {
		return r.Header.Get("X-Api-Key") == APIKey
	}
	user, pass, ok := r.BasicAuth()
	if !ok || user != Username || pass != Password {
		return false
	}
	key := r.Header.Get("X-Access-Key")
	return key == "" || key == APIKey
}

func (s *Simulator) serveAPI(w http.ResponseWriter, r *http.Request, path string) {
	parts := strings.Split(path, "/")
	switch {
	case r.Method == http.MethodPost && path == "search":
		s.serveSearch(w, r, "")
	case r.Method == http.MethodPost && (path == "export/csv" || path == "export/excel"):
		s.serveSearch(w, r, parts[1])
	case r.Method == http.MethodGet && path == "products":
		writeJSON(w, http.StatusOK, Products)
	case r.Method == http.MethodGet && len(parts) >= 2 && len(parts) <= 3 && parts[0] == "parcels":
		p, ok := s.one(parts[1])
		if !ok {
			writeJSON(w, http.StatusNotFound, wire.Error{Error: "no such parcel"})
			return
		}
		d := detail(p)
		switch strings.Join(parts[2:], "/") {
		case "":
			writeJSON(w, http.StatusOK, d)
		case "events":
			writeJSON(w, http.StatusOK, d.TrackingEvents)
		case "parcel-receiver":
			writeJSON(w, http.StatusOK, d.ReceiverDetails)
		case "parcel-sender":
			writeJSON(w, http.StatusOK, d.SenderDetails)
		default:
			writeJSON(w, http.StatusNotFound, wire.Error{Error: "no such path"})
		}
	default:
		writeJSON(w, http.StatusNotFound, wire.Error{Error: "no such path"})
	}
}

// Criteria turns the wire's criteria into the core's: the first date type
// that carries a range is the one searched.
func Criteria(in wire.SearchCriteria) tracking.Criteria {
	c := tracking.Criteria{IDs: in.IDs, ProductCode: in.ProductCode, Status: in.Status, Destination: in.Destination, Origin: in.Origin,
		RecipientName: in.RecipientName, Forward: in.Forward, SearchAfter: in.SearchAfter, Customers: in.Customer}
	for _, d := range []struct {
		name string
		r    *wire.DateRange
	}{{tracking.ShipmentDate, in.ShipmentDate}, {tracking.DateShipped, in.DateShipped}, {tracking.DeliveryDate, in.DeliveryDate}} {
		if d.r != nil {
			c.DateType, c.From, c.To = d.name, d.r.StartDate, d.r.EndDate
			break
		}
	}
	return c
}

func (s *Simulator) serveSearch(w http.ResponseWriter, r *http.Request, format string) {
	var req wire.SearchRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20))
	if err := dec.Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, wire.Error{Error: "the body is not a search request"})
		return
	}
	c, m, err := tracking.Normalize(Criteria(req.SearchCriteria), tracking.Meta{SortField: req.Meta.SortField,
		SortOrder: req.Meta.SortOrder, PageSize: req.Meta.PageSize, PageNo: req.Meta.PageNo})
	if f, ok := failure.As(err); ok {
		var fields []string
		for _, v := range f.Fields {
			fields = append(fields, v.Field)
		}
		writeJSON(w, http.StatusBadRequest, wire.Error{Error: "invalid criteria", Fields: fields})
		return
	}
	s.mu.Lock()
	all := s.parcelsLocked()
	s.mu.Unlock()
	hits := search(all, c, m)
	if format != "" {
		s.serveExport(w, rows(hits), format)
		return
	}
	writeJSON(w, http.StatusOK, page(hits, c, m))
}

// hit is a matching parcel with its sort values.
type hit struct {
	sort []string
	p    *snapshot
}

// search answers every matching parcel, in the meta's order.
func search(all []snapshot, c tracking.Criteria, m tracking.Meta) []hit {
	from, to := c.Range()
	var hits []hit
	for i := range all {
		if !matches(all[i], c, from, to) {
			continue
		}
		hits = append(hits, hit{sort: sortValues(all[i], m.SortField), p: &all[i]})
	}
	desc := m.SortOrder == "desc"
	slices.SortFunc(hits, func(a, b hit) int { return compare(a.sort, b.sort, desc) })
	return hits
}

func rows(hits []hit) []wire.Row {
	out := make([]wire.Row, 0, len(hits))
	for _, h := range hits {
		out = append(out, row(*h.p, h.sort))
	}
	return out
}

func compare(a, b []string, desc bool) int {
	n := slices.Compare(a, b)
	if desc {
		return -n
	}
	return n
}

func matches(p snapshot, c tracking.Criteria, from, to time.Time) bool {
	l, j := p.label, p.journey
	if len(c.IDs) > 0 && !slices.ContainsFunc(c.IDs, func(id string) bool {
		return strings.EqualFold(id, p.id) || id == l.Reference
	}) {
		return false
	}
	if len(c.Customers) > 0 && !slices.Contains(c.Customers, p.customer) {
		return false
	}
	if c.ProductCode != "" && !strings.EqualFold(c.ProductCode, l.Product) {
		return false
	}
	if c.Status != nil && tracking.StatusOf(j.LatestCode) != *c.Status {
		return false
	}
	if c.Destination != "" && c.Destination != strings.ToUpper(l.Receiver.Country) {
		return false
	}
	if c.Origin != "" && c.Origin != strings.ToUpper(l.SenderHub) {
		return false
	}
	if c.RecipientName != "" && !strings.Contains(strings.ToLower(l.Receiver.Name), strings.ToLower(c.RecipientName)) {
		return false
	}
	if !from.IsZero() || !to.IsZero() {
		var t time.Time
		switch c.DateType {
		case tracking.DateShipped:
			t = j.DateShipped
		case tracking.DeliveryDate:
			t = j.DeliveryDate
		default:
			t = p.at
		}
		if t.IsZero() || t.Before(from) || (!to.IsZero() && !t.Before(to)) {
			return false
		}
	}
	return true
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func row(p snapshot, sort []string) wire.Row {
	l, j := p.label, p.journey
	return wire.Row{
		FtID: "FT" + p.id, CustomerID: p.customer, CustomerName: p.customer, SubsidiaryName: subsidiary(p.customer),
		CarrierName: j.CarrierName, SenderName: p.customer, RecipientName: l.Receiver.Name,
		OriginCountryName: countryName(l.SenderHub), DestinationCountryName: countryName(l.Receiver.Country),
		OrderID: l.Reference, TrackingID: p.id, ShipmentDate: stamp(p.at), DateShipped: stamp(j.DateShipped),
		DeliveryDate: stamp(j.DeliveryDate), ProductCode: l.Product, LatestHarmonizedCode: j.LatestCode, LatestHarmonizedDesc: j.LatestDesc,
		Sort: sort,
	}
}

// sortValues are the values a parcel sorts by: the field's, then its id.
func sortValues(p snapshot, sortField string) []string {
	l, j := p.label, p.journey
	var v string
	switch sortField {
	case tracking.DateShipped:
		v = tracking.SortValue(j.DateShipped)
	case tracking.DeliveryDate:
		v = tracking.SortValue(j.DeliveryDate)
	case "tracking_id":
		v = p.id
	case "recipient_name":
		v = strings.ToLower(l.Receiver.Name)
	case "destination_country_name":
		v = countryName(l.Receiver.Country)
	case "product_code":
		v = l.Product
	default:
		v = tracking.SortValue(p.at)
	}
	return []string{v, p.id}
}

// page cuts one page out of the sorted rows: after (or, not forward,
// before) search_after when given, else page page_no.
func page(hits []hit, c tracking.Criteria, m tracking.Meta) wire.SearchResponse {
	out := wire.SearchResponse{Meta: wire.SearchMeta{Total: len(hits), PageNo: m.PageNo, PageSize: m.PageSize}}
	desc := m.SortOrder == "desc"
	var start, end int
	switch {
	case len(c.SearchAfter) > 0 && c.Forward:
		start, _ = slices.BinarySearchFunc(hits, c.SearchAfter, func(r hit, k []string) int {
			if compare(r.sort, k, desc) <= 0 {
				return -1
			}
			return 1
		})
		end = min(start+m.PageSize, len(hits))
	case len(c.SearchAfter) > 0:
		end, _ = slices.BinarySearchFunc(hits, c.SearchAfter, func(r hit, k []string) int {
			if compare(r.sort, k, desc) < 0 {
				return -1
			}
			return 1
		})
		start = max(end-m.PageSize, 0)
	default:
		start = min(m.PageNo*m.PageSize, len(hits))
		end = min(start+m.PageSize, len(hits))
	}
	out.Data = append([]wire.Row{}, rows(hits[start:end])...)
	return out
}

func detail(p snapshot) wire.Detail {
	l, j := p.label, p.journey
	weight, _ := strconv.ParseFloat(strings.ReplaceAll(l.Weight, ",", "."), 64)
	d := wire.Detail{
		TrackingID: p.id, FtID: "FT" + p.id,
		ShipmentData: wire.ShipmentData{Origin: countryName(l.SenderHub), Destination: countryName(l.Receiver.Country), ShipmentDate: stamp(p.at),
			DestinationCCA2: strings.ToUpper(l.Receiver.Country), ProductDescription: productName(l.Product), ProductCode: l.Product},
		ParcelData:  wire.ParcelData{Weight: weight, Quantity: 1, CustomerID: p.customer, ProductDescription: productName(l.Product)},
		CarrierName: j.CarrierName, LastMileCarrier: j.LastMile, LastMileCarrierURL: j.LastMileURL, CurrentReceptacleID: j.ReceptacleID,
		CustomerName: wire.CustomerName{CustomerName: p.customer, Subsidiary: subsidiary(p.customer)},
		ReceiverDetails: wire.Receiver{Name: l.Receiver.Name, Address1: strings.TrimSpace(l.Receiver.Street + " " + l.Receiver.No),
			Address2: l.Receiver.Street2, Address3: l.Receiver.Street3, City: l.Receiver.City, Zip: l.Receiver.PostalCode,
			Country: strings.ToUpper(l.Receiver.Country), Email: l.Receiver.Email, Phone: l.Receiver.Mobile},
		SenderDetails:  wire.Sender{Name: p.customer, City: hubCity[strings.ToUpper(l.SenderHub)], Country: strings.ToUpper(l.SenderHub)},
		TrackingEvents: []wire.Event{},
	}
	for _, e := range j.Events {
		d.TrackingEvents = append(d.TrackingEvents, wire.Event{HarmonizedCode: e.HarmonizedCode, HarmonizedDesc: e.Description,
			LocationName: e.Location, LocationCountry: e.Country, EventTime: stamp(e.Time), EventSource: e.Source, EventCode1: e.Code1,
			EventRawDesc: e.RawDesc, CustomerService: e.CustomerService})
	}
	return d
}

func (s *Simulator) serveExport(w http.ResponseWriter, rows []wire.Row, format string) {
	if len(rows) > tracking.ExportLimit {
		writeJSON(w, http.StatusBadRequest, wire.Error{Error: "more parcels than an export holds", Fields: []string{"export"}})
		return
	}
	lines := [][]string{tracking.ExportHeader}
	for _, r := range rows {
		lines = append(lines, tracking.ExportRow(client.Row(r)))
	}
	raw, err := sheet.Writer{}.Write(format, lines)
	if err != nil {
		writeJSON(w, http.StatusInternalServerError, wire.Error{Error: "the export failed"})
		return
	}
	w.Header().Set("Content-Type", sheet.ContentTypeCSV)
	if format == sheet.XLSX {
		w.Header().Set("Content-Type", sheet.ContentTypeXLSX)
	}
	_, _ = w.Write(raw)
}

// Notice is the body of POST /parcels: a label the carrier made for the
// customer with the CRM id (cmd/carriersim sends it with -tracking-url).
type Notice struct {
	Customer string       `json:"customer"`
	Label    labels.Label `json:"label"`
}

func (s *Simulator) serveLabelled(w http.ResponseWriter, r *http.Request) {
	var n Notice
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20)).Decode(&n); err != nil || n.Label.Identifier == "" || n.Customer == "" {
		writeJSON(w, http.StatusBadRequest, wire.Error{Error: "a notice names a customer and a label with an identifier"})
		return
	}
	s.Labelled(n.Customer, n.Label)
	w.WriteHeader(http.StatusNoContent)
}

// Control is the body of POST /control; absent fields leave the setting as
// it is. Order: defaults, then reset, then the settings given.
//
//	{"reset": true}       forget every parcel and the clock's advance
//	{"defaults": true}    the configuration the simulator started with
//	{"latencyMs": 100, "faultRate": 0.1, "failNext": 2, "speedup": 3600, "advanceMinutes": 10}
type Control struct {
	Reset          bool     `json:"reset,omitempty"`
	Defaults       bool     `json:"defaults,omitempty"`
	LatencyMS      *int64   `json:"latencyMs,omitempty"`
	FaultRate      *float64 `json:"faultRate,omitempty"`
	FailNext       *int     `json:"failNext,omitempty"`
	Speedup        *float64 `json:"speedup,omitempty"`
	AdvanceMinutes *int64   `json:"advanceMinutes,omitempty"`
}

// Settings is the configuration as GET and POST /control answer it.
type Settings struct {
	LatencyMS      int64   `json:"latencyMs"`
	FaultRate      float64 `json:"faultRate"`
	FailNext       int     `json:"failNext"`
	Speedup        float64 `json:"speedup"`
	AdvanceMinutes int64   `json:"advanceMinutes"`
}

// Stats is the body of GET /stats.
type Stats struct {
	Parcels int `json:"parcels"`
	Calls   int `json:"calls"`
	Faults  int `json:"faults"`
}

func (s *Simulator) settingsLocked() Settings {
	return Settings{LatencyMS: s.cfg.Latency.Milliseconds(), FaultRate: s.cfg.FaultRate, FailNext: s.failNext, Speedup: s.cfg.Speedup,
		AdvanceMinutes: int64(s.advance / time.Minute)}
}

// Settings is the configuration as GET /control answers it.
func (s *Simulator) Settings() Settings {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.settingsLocked()
}

// Apply carries out a control request; nothing changes when it is invalid.
func (s *Simulator) Apply(c Control) (Settings, error) {
	switch {
	case c.FaultRate != nil && (*c.FaultRate < 0 || *c.FaultRate > 1):
		return Settings{}, errors.New("the fault rate is between 0 and 1")
	case c.LatencyMS != nil && *c.LatencyMS < 0, c.FailNext != nil && *c.FailNext < 0, c.AdvanceMinutes != nil && *c.AdvanceMinutes < 0:
		return Settings{}, errors.New("durations and counts are not negative")
	case c.Speedup != nil && (*c.Speedup < 1 || *c.Speedup > 1e6):
		return Settings{}, errors.New("the speed-up is from 1 to 1000000")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.Defaults {
		s.cfg = s.initial
	}
	if c.Reset {
		s.parcels = map[string]*parcel{}
		s.advance, s.failNext, s.calls, s.faults = 0, 0, 0, 0
	}
	if c.LatencyMS != nil {
		s.cfg.Latency = time.Duration(*c.LatencyMS) * time.Millisecond
	}
	if c.FaultRate != nil {
		s.cfg.FaultRate = *c.FaultRate
	}
	if c.FailNext != nil {
		s.failNext = *c.FailNext
	}
	if c.Speedup != nil {
		s.cfg.Speedup = *c.Speedup
	}
	if c.AdvanceMinutes != nil {
		s.advance += time.Duration(*c.AdvanceMinutes) * time.Minute
	}
	return s.settingsLocked(), nil
}

func writeJSON(w http.ResponseWriter, status int, v any) { httpserver.WriteJSON(w, status, v) }

func (s *Simulator) serveStats(w http.ResponseWriter) {
	s.mu.Lock()
	st := Stats{Parcels: len(s.parcels), Calls: s.calls, Faults: s.faults}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, st)
}
