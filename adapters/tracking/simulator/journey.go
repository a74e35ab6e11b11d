package simulator

import (
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"parcelportal/adapters/carrier/labels"
	"parcelportal/core/tracking"
)

// Event is one planned step of a journey, in the tracking API's words.
type Event struct {
	HarmonizedCode  string
	Description     string
	Location        string
	Country         string
	Time            time.Time
	Source          string
	Code1           string
	RawDesc         string
	CustomerService bool
}

// Journey is a parcel's events, planned or happened, and its last mile.
type Journey struct {
	Events          []Event
	LastMile        string
	LastMileURL     string
	CarrierName     string
	ReceptacleID    string
	DateShipped     time.Time
	DeliveryDate    time.Time
	LatestCode      string
	LatestDesc      string
	DestinationCode string
}

// Until keeps the events that happened by now and sets the dates and the
// latest event from them.
func (j Journey) Until(now time.Time) Journey {
	kept := j.Events[:0:0]
	j.DateShipped, j.DeliveryDate, j.LatestCode, j.LatestDesc = time.Time{}, time.Time{}, "", ""
	for i, e := range j.Events {
		if e.Time.After(now) {
			break
		}
		kept = j.Events[: i+1 : i+1]
		if e.CustomerService {
			continue
		}
		switch e.HarmonizedCode {
		case tracking.CheckIn:
			j.DateShipped = e.Time
		case tracking.Delivery:
			j.DeliveryDate = e.Time
		}
		j.LatestCode, j.LatestDesc = e.HarmonizedCode, e.Description
	}
	j.Events = kept
	return j
}

// descriptions of the harmonized codes, as the carrier words them.
var descriptions = map[string]string{
	tracking.ElecNot:        "Electronic shipment information received",
	tracking.PrintLab:       "Label printed",
	tracking.CheckIn:        "Parcel received at the hub",
	tracking.DepSub:         "Departed from the origin country",
	tracking.ArrDest:        "Arrived in the destination country",
	tracking.HeldCustoms:    "Held by customs",
	tracking.OutDelivCenter: "Out for delivery",
	tracking.DelivAttempt:   "Delivery attempted, recipient not at home",
	tracking.Delivery:       "Delivered",
}

// lastMile is the carrier that delivers in a country, with its tracking page.
var lastMile = map[string][2]string{
	"DE": {"DHL", "https://www.dhl.de/de/privatkunden/pakete-empfangen/verfolgen.html?piececode=%s"},
	"AT": {"Österreichische Post", "https://www.post.at/s/sendungssuche?snr=%s"},
	"NL": {"PostNL", "https://jouw.postnl.nl/track-and-trace/%s"},
	"BE": {"bpost", "https://track.bpost.cloud/btr/web/#/search?itemCode=%s"},
	"FR": {"Colissimo", "https://www.laposte.fr/outils/suivre-vos-envois?code=%s"},
	"GB": {"Royal Mail", "https://www.royalmail.com/track-your-item#/tracking-results/%s"},
	"US": {"USPS", "https://tools.usps.com/go/TrackConfirmAction?tLabels=%s"},
}

// customsUnion are the destinations a parcel from the EU reaches without customs.
var customsUnion = map[string]bool{"AT": true, "BE": true, "BG": true, "CY": true, "CZ": true, "DE": true, "DK": true, "EE": true,
	"ES": true, "FI": true, "FR": true, "GR": true, "HR": true, "HU": true, "IE": true, "IT": true, "LT": true, "LU": true,
	"LV": true, "MT": true, "NL": true, "PL": true, "PT": true, "RO": true, "SE": true, "SI": true, "SK": true}

// hubCity names the sorting centre of an origin country.
var hubCity = map[string]string{"DE": "Frankfurt am Main", "NL": "Amsterdam", "AT": "Vienna", "FR": "Paris", "GB": "London"}

func seed(id string) uint64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(id))
	return h.Sum64()
}

// Plan is the whole journey of a parcel labelled at at, the same for the
// same label: the offsets are simulated hours (with minutes drawn from
// the identifier) divided by speedup.
func Plan(l labels.Label, at time.Time, speedup float64) Journey {
	h := seed(l.Identifier)
	origin := strings.ToUpper(l.SenderHub)
	dest := strings.ToUpper(l.Receiver.Country)
	originCity := hubCity[origin]
	if originCity == "" {
		originCity = "International hub"
	}
	destCity := l.Receiver.City
	if destCity == "" {
		destCity = dest
	}
	lm, ok := lastMile[dest]
	if !ok {
		lm = [2]string{"Parcel Portal Express", "https://tracking.parcel-portal.local/%s"}
	}
	j := Journey{
		LastMile: lm[0], LastMileURL: fmt.Sprintf(lm[1], l.Identifier), CarrierName: "Parcel Portal",
		ReceptacleID: fmt.Sprintf("R%s%s%06d", origin, dest, h%1_000_000), DestinationCode: dest,
	}
	at = at.UTC()
	when := func(hours float64, jitterBits uint) time.Time {
		minutes := float64((h >> jitterBits) % 50)
		return at.Add(time.Duration((hours*60 + minutes) * float64(time.Minute) / speedup))
	}
	add := func(code string, t time.Time, location, country, source, code1 string) {
		j.Events = append(j.Events, Event{HarmonizedCode: code, Description: descriptions[code], Location: location, Country: country,
			Time: t, Source: source, Code1: code1, RawDesc: strings.ToUpper(descriptions[code])})
	}
	add(tracking.ElecNot, at, originCity, origin, "EDI", "EDI01")
	add(tracking.PrintLab, at.Add(time.Duration(float64(time.Minute)/speedup)), originCity, origin, "LABEL", "LBL01")
	add(tracking.CheckIn, when(4, 3), originCity+" hub", origin, "HUB-"+origin, "SCAN10")
	add(tracking.DepSub, when(10, 9), originCity+" hub", origin, "HUB-"+origin, "SCAN20")
	arrive := 30.0
	if dest != origin && !customsUnion[dest] && h%3 == 0 {
		add(tracking.HeldCustoms, when(22, 15), dest+" customs", dest, "CUSTOMS-"+dest, "CUS40")
		arrive = 34
	}
	add(tracking.ArrDest, when(arrive, 21), destCity+" delivery centre", dest, "LM-"+strings.ToUpper(strings.Fields(lm[0])[0]), "ARR30")
	if h%4 == 1 {
		t := when(arrive+2, 27)
		j.Events = append(j.Events, Event{HarmonizedCode: "CSCALL", Description: "Customer service contact", Location: "Customer service",
			Country: origin, Time: t, Source: "CS", Code1: "CS-INQ", RawDesc: "Recipient called about the delivery date", CustomerService: true})
	}
	add(tracking.OutDelivCenter, when(arrive+12, 33), destCity, dest, "LM-"+strings.ToUpper(strings.Fields(lm[0])[0]), "OUT50")
	deliver := arrive + 17
	if h%5 == 2 {
		add(tracking.DelivAttempt, when(arrive+15, 39), destCity, dest, "LM-"+strings.ToUpper(strings.Fields(lm[0])[0]), "EXC60")
		add(tracking.OutDelivCenter, when(arrive+36, 45), destCity, dest, "LM-"+strings.ToUpper(strings.Fields(lm[0])[0]), "OUT50")
		deliver = arrive + 40
	}
	add(tracking.Delivery, when(deliver, 51), destCity, dest, "LM-"+strings.ToUpper(strings.Fields(lm[0])[0]), "DLV90")
	return j
}
