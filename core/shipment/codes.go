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
	c.code(fProduct, cat.Products)
	if c.present(fProduct) && c.value(fProduct) == a1OnlyProduct && !a1 {
		c.add(fProduct, KeyA1Only, "code", a1OnlyProduct)
	}
	c.code(fService, cat.Services)
	c.code(fFormat, cat.Formats)
	options := SplitOptions(c.value(fOptions))
	if c.present(fOptions) {
		for _, o := range options {
			switch {
			case !reference.Has(cat.Options, o):
				c.add(fOptions, KeyUnknownCode, "code", o)
			case o == a1OnlyOption && !a1:
				c.add(fOptions, KeyA1Only, "code", o)
			}
		}
	}
	c.features(options)
	c.returnChoice()
}

// code checks that a present field names a code of list.
func (c *check) code(f field, list []reference.Code) {
	if c.present(f) && !reference.Has(list, c.value(f)) {
		c.add(f, KeyUnknownCode, "code", c.value(f))
	}
}

// features checks the product and service against the customer's contract,
// and every option against what the contract allows with them. The
// violation goes to the service when the product is available with another
// service, otherwise to the product.
func (c *check) features(options []string) {
	if !c.present(fProduct) || !c.present(fService) {
		return
	}
	product, service := c.value(fProduct), c.value(fService)
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
		f := fProduct
		if productAvailable {
			f = fService
		}
		c.add(f, KeyNotAvailable, "product", product, "service", service)
		return
	}
	if c.violated(fOptions) {
		return
	}
	for _, o := range options {
		if !slices.Contains(feature.Options, o) {
			c.add(fOptions, KeyOptionNotAvailable, "option", o, "product", product, "service", service)
		}
	}
}

// returnChoice checks returnOptions: "returnType|returnOption", both known,
// offered together, available to the customer, and fitting the destination
// (a domestic return comes from the hub's country, an international one from
// abroad).
func (c *check) returnChoice() {
	if !c.present(fReturnOptions) {
		return
	}
	cat := c.rules.Catalog
	returnType, option, ok := strings.Cut(c.value(fReturnOptions), "|")
	returnType, option = strings.TrimSpace(returnType), strings.TrimSpace(option)
	switch {
	case !ok || returnType == "" || option == "" || strings.Contains(option, "|"):
		c.add(fReturnOptions, KeyReturnFormat)
	case !reference.Has(cat.ReturnTypes, returnType):
		c.add(fReturnOptions, KeyUnknownCode, "code", returnType)
	case !reference.Has(cat.ReturnOptions, option):
		c.add(fReturnOptions, KeyUnknownCode, "code", option)
	case !slices.Contains(returnPairs[returnType], option):
		c.add(fReturnOptions, KeyReturnPair, "returnType", returnType, "returnOption", option)
	case !c.returnAvailable(returnType):
		c.add(fReturnOptions, KeyReturnNotAvailable, "code", returnType)
	case !c.returnFitsDestination(returnType):
		c.add(fReturnOptions, KeyReturnDestination, "code", returnType)
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
	hub, country := c.rules.HubCountry, strings.ToUpper(c.value(fIsoCountry))
	if hub == "" || !c.present(fIsoCountry) {
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
