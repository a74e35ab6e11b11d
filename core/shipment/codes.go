package shipment

import (
	"slices"
	"strings"

	"parcelportal/core/customer"
	"parcelportal/core/reference"
)

// Codes that only customers shipping through the A1 client may use (spec 2
// section 5.4): the product e-PAQ Go and the option SGD.
const (
	a1OnlyProduct = reference.ProductGo
	a1OnlyOption  = "SGD"
)

// returnPairs are the return options each return type offers: an
// international return cannot be paid at a foreign post office, so it is
// always prepaid.
var returnPairs = map[string][]string{
	reference.ReturnDomestic:      {reference.ReturnPrepaid, reference.ReturnPaidAtPost},
	reference.ReturnInternational: {reference.ReturnPrepaid},
}

// SplitOptions returns the options of a value joined with '|', without empty parts.
func SplitOptions(s string) []string {
	var out []string
	for _, o := range strings.Split(s, "|") {
		if o = strings.TrimSpace(o); o != "" {
			out = append(out, o)
		}
	}
	return out
}

// codes checks the product, service, options, format and return choice
// against the carrier's catalog, the A1-only codes, and the customer's
// features: a code the carrier does not know is unknown; one it knows but the
// customer's contract lacks is not available.
func (c *check) codes() {
	cat := c.rules.Catalog
	a1 := c.rules.APIClient == customer.ClientA1
	c.code("product", cat.Products)
	if c.present("product") && c.value("product") == a1OnlyProduct && !a1 {
		c.add("product", KeyA1Only, "code", a1OnlyProduct)
	}
	c.code("service", cat.Services)
	c.code("format", cat.Formats)
	options := SplitOptions(c.value("options"))
	if c.present("options") {
		for _, o := range options {
			switch {
			case !reference.Has(cat.Options, o):
				c.add("options", KeyUnknownCode, "code", o)
			case o == a1OnlyOption && !a1:
				c.add("options", KeyA1Only, "code", o)
			}
		}
	}
	c.features(options)
	c.returnChoice()
}

// code checks that a present field names a code of list.
func (c *check) code(field string, list []reference.Code) {
	if c.present(field) && !reference.Has(list, c.value(field)) {
		c.add(field, KeyUnknownCode, "code", c.value(field))
	}
}

// features checks the product and service against the customer's contract,
// and every option against what the contract allows with them. The
// violation goes to the service when the product is available with another
// service, otherwise to the product.
func (c *check) features(options []string) {
	if !c.present("product") || !c.present("service") {
		return
	}
	product, service := c.value("product"), c.value("service")
	var feature *customer.Feature
	productAvailable := false
	for i, f := range c.rules.Features {
		if f.Product == product {
			productAvailable = true
			if f.Service == service {
				feature = &c.rules.Features[i]
				break
			}
		}
	}
	if feature == nil {
		field := "product"
		if productAvailable {
			field = "service"
		}
		c.add(field, KeyNotAvailable, "product", product, "service", service)
		return
	}
	if c.violated("options") {
		return
	}
	for _, o := range options {
		if !slices.Contains(feature.Options, o) {
			c.add("options", KeyOptionNotAvailable, "option", o, "product", product, "service", service)
		}
	}
}

// returnChoice checks returnOptions: "returnType|returnOption", both known,
// offered together, available to the customer, and fitting the destination
// (a domestic return comes from the hub's country, an international one from
// abroad).
func (c *check) returnChoice() {
	if !c.present("returnOptions") {
		return
	}
	cat := c.rules.Catalog
	returnType, option, ok := strings.Cut(c.value("returnOptions"), "|")
	returnType, option = strings.TrimSpace(returnType), strings.TrimSpace(option)
	switch {
	case !ok || returnType == "" || option == "" || strings.Contains(option, "|"):
		c.add("returnOptions", KeyReturnFormat)
	case !reference.Has(cat.ReturnTypes, returnType):
		c.add("returnOptions", KeyUnknownCode, "code", returnType)
	case !reference.Has(cat.ReturnOptions, option):
		c.add("returnOptions", KeyUnknownCode, "code", option)
	case !slices.Contains(returnPairs[returnType], option):
		c.add("returnOptions", KeyReturnPair, "returnType", returnType, "returnOption", option)
	case !c.returnAvailable(returnType):
		c.add("returnOptions", KeyReturnNotAvailable, "code", returnType)
	case !c.returnFitsDestination(returnType):
		c.add("returnOptions", KeyReturnDestination, "code", returnType)
	}
}

// returnAvailable: a customer's contract lists the return types it may use
// as features whose product is the return type.
func (c *check) returnAvailable(returnType string) bool {
	for _, f := range c.rules.Features {
		if f.Product == returnType {
			return true
		}
	}
	return false
}

func (c *check) returnFitsDestination(returnType string) bool {
	hub, country := c.rules.HubCountry, strings.ToUpper(c.value("isoCountry"))
	if hub == "" || !c.present("isoCountry") {
		return true
	}
	domestic := strings.EqualFold(hub, country)
	switch returnType {
	case reference.ReturnDomestic:
		return domestic
	case reference.ReturnInternational:
		return !domestic
	}
	return true
}
