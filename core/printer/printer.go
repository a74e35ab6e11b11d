// Package printer is the network label printer that staff configure for a
// customer (a Zebra on raw TCP port 9100 that the portal's server reaches):
// its fields, their rules and the failures of printing to it. The portal
// prints only to printers kept here, never to an address a caller names.
package printer

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"parcelportal/core/account"
	"parcelportal/core/failure"
)

// Object names the printer in field errors.
const Object = "networkPrinter"

// The raw-printing port of Zebra printers, the default of a new printer.
const DefaultPort = 9100

// Resolutions a Zebra prints at: 203 dpi prints Zebra labels, 300 dpi Zebra300.
const (
	DPI203 = 203
	DPI300 = 300
)

// Limits of the fields.
const (
	NameMax = 100
	HostMax = 253
)

// Message keys of printing failures (spec 2 section 8) and of the printer itself.
const (
	KeyNotFound         = "error.networkPrinter.notFound"
	KeyConnectionFailed = "labelPrintingConnectionFailed"
	KeyPrintingFailed   = "labelPrintingFailed"
	KeyNotZPL           = "error.networkPrinter.notZpl"
)

const (
	ruleRequired      = account.RuleRequired
	rulePattern       = account.RulePattern
	ruleSize          = account.RuleSize
	labelTypeZebra    = "Zebra"
	labelTypeZebra300 = "Zebra300"
)

// ErrNotFound answers for a printer that is missing or another customer's.
var ErrNotFound = &failure.Error{Kind: failure.NotFound, Key: KeyNotFound, Entity: Object}

// Printer is a network printer of a customer.
type Printer struct {
	ID         int64
	CustomerID int64
	Name       string
	Host       string
	Port       int
	DPI        int
}

// Normalize trims the fields and fills the defaults: port 9100, 203 dpi.
func (p *Printer) Normalize() {
	p.Name = strings.TrimSpace(p.Name)
	p.Host = strings.TrimSpace(p.Host)
	if p.Port == 0 {
		p.Port = DefaultPort
	}
	if p.DPI == 0 {
		p.DPI = DPI203
	}
}

// Validate checks a normalized printer: a name of 1 to 100 characters, a
// host name or IP address, a port of 1 to 65535, 203 or 300 dpi.
func (p Printer) Validate() error {
	var v []failure.FieldViolation
	add := func(field, rule string) {
		v = append(v, failure.FieldViolation{Object: Object, Field: field, Rule: rule})
	}
	switch {
	case p.Name == "":
		add("name", ruleRequired)
	case utf8.RuneCountInString(p.Name) > NameMax || !utf8.ValidString(p.Name):
		add("name", ruleSize)
	}
	switch {
	case p.Host == "":
		add("host", ruleRequired)
	case len(p.Host) > HostMax:
		add("host", ruleSize)
	case !validHost(p.Host):
		add("host", rulePattern)
	}
	if p.Port < 1 || p.Port > 65535 {
		add("port", rulePattern)
	}
	if p.DPI != DPI203 && p.DPI != DPI300 {
		add("dpi", rulePattern)
	}
	if len(v) > 0 {
		return failure.InvalidFields(v...)
	}
	return nil
}

// LabelType is the label type the printer prints: Zebra300 at 300 dpi.
func (p Printer) LabelType() string {
	if p.DPI == DPI300 {
		return labelTypeZebra300
	}
	return labelTypeZebra
}

// Address is host:port as a dialer takes it (IPv6 hosts in brackets).
func (p Printer) Address() string {
	if strings.Contains(p.Host, ":") {
		return "[" + p.Host + "]:" + strconv.Itoa(p.Port)
	}
	return p.Host + ":" + strconv.Itoa(p.Port)
}

// validHost accepts an IPv6 address, or an IPv4 address or DNS name of
// letters, digits, hyphens and dots; nothing that could carry a port, a
// path or a scheme.
func validHost(h string) bool {
	if strings.Contains(h, ":") {
		return validIPv6(h)
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
				return false
			}
		}
	}
	return true
}

// validIPv6 accepts hex digits, colons and (for an embedded IPv4 tail) dots,
// with at least two colons and at most one "::".
func validIPv6(h string) bool {
	if strings.Count(h, ":") < 2 || strings.Count(h, "::") > 1 || len(h) > 45 {
		return false
	}
	for _, r := range h {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F' || r == ':' || r == '.') {
			return false
		}
	}
	return true
}

// CheckJob refuses labels that are not ZPL (one or more ^XA ... ^XZ
// formats): PDF labels are downloaded, not sent to a Zebra.
func CheckJob(zpl []byte) error {
	s := strings.ToUpper(string(zpl))
	start, end := strings.Index(s, "^XA"), strings.LastIndex(s, "^XZ")
	if start < 0 || end < start {
		return failure.New(failure.Invalid, KeyNotZPL)
	}
	return nil
}

// Labels counts the label formats (^XA) in a job.
func Labels(zpl []byte) int {
	return strings.Count(strings.ToUpper(string(zpl)), "^XA")
}
