// Package labels renders what the carrier prints: the 100 x 150 mm shipping
// label as PDF or as ZPL for Zebra printers, the CN23-style customs
// declaration and the manifest. The carrier simulator and the in-memory
// carrier both use it, so that every test downloads, merges and prints real
// documents rather than placeholders.
package labels

import (
	"strings"
	"time"

	"parcelportal/core/shipment"
)

// Label is what a shipping label shows.
type Label struct {
	Identifier string
	// Reference is the shipper's own reference number (the referencenumber field).
	Reference string
	Product   string
	Service   string
	Options   string
	Format    string
	Weight    string
	SenderHub string
	Receiver  Address
	Date      time.Time
}

// Address is the receiver as the label prints it.
type Address struct {
	Name, Contact                string
	Street, No, Street2, Street3 string
	PostalCode, City, Region     string
	Country, Mobile, Email       string
}

// Lines are the address lines from top to bottom, empty ones left out.
func (a Address) Lines() []string {
	lines := []string{a.Name, a.Contact, strings.TrimSpace(a.Street + " " + a.No), a.Street2, a.Street3,
		strings.TrimSpace(a.PostalCode + " " + a.City), a.Region, a.Country}
	out := lines[:0]
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// FromDraft takes what the label prints from a shipment.
func FromDraft(identifier, senderHub string, d shipment.Draft, at time.Time) Label {
	f := d.Fields
	return Label{
		Identifier: identifier,
		Reference:  f["referencenumber"],
		Product:    f["product"],
		Service:    f["service"],
		Options:    f["options"],
		Format:     f["format"],
		Weight:     f["weight"],
		SenderHub:  senderHub,
		Date:       at,
		Receiver: Address{
			Name: f["name"], Contact: f["contact"], Street: f["street"], No: f["no"], Street2: f["street2"],
			Street3: f["street3"], PostalCode: f["postalcode"], City: f["city"], Region: f["region"],
			Country: strings.ToUpper(f["isoCountry"]), Mobile: f["mobile"], Email: f["email"],
		},
	}
}
