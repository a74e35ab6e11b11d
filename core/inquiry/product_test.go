package inquiry

import (
	"slices"
	"testing"
)

func TestProductOfCode(t *testing.T) {
	for code, want := range map[string]string{
		"EPAQPLS": "EPAQ_PLUS", " epaqsct ": "EPAQ_SELECT", "EPAQELT": "EPAQ_ELITE", "EPAQSTD": "EPAQ_STANDARD",
		"EPAQGO": DefaultProduct, "EPAQELI": DefaultProduct, "": DefaultProduct,
	} {
		if got := ProductOfCode(code); got != want {
			t.Errorf("ProductOfCode(%q) = %q, want %q", code, got, want)
		}
	}
	for _, p := range productsOfCodes {
		if !slices.Contains(Products, p) {
			t.Errorf("%s is not a product the form sends", p)
		}
	}
}
