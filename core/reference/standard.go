package reference

// Standard returns the carrier's reference data as the portal ships it. The
// database is what the running portal reads; the seed migration writes these
// same lists, and the catalog contract test keeps the two equal.
func Standard() Catalog {
	return Catalog{
		Products: []Code{
			{ProductStandard, "e-PAQ Standard"},
			{ProductPlus, "e-PAQ Plus"},
			{ProductSelect, "e-PAQ Select"},
			{ProductElite, "e-PAQ Elite"},
			{ProductGo, "e-PAQ Go"},
		},
		Services: []Code{
			{"CUP", "Duties and taxes unpaid"},
			{"CPP", "Duties and taxes prepaid"},
		},
		Options: []Code{
			{"SIGN", "Signature on delivery"},
			{"INS", "Insurance"},
			{"NONEIGHBOUR", "No delivery to a neighbour"},
			{"SGD", "SGD"},
		},
		Formats: []Code{
			{"B", "Boxable"},
			{"N", "Non-boxable"},
		},
		ReturnTypes: []Code{
			{ReturnDomestic, "Domestic return"},
			{ReturnInternational, "International return"},
		},
		ReturnOptions: []Code{
			{ReturnPrepaid, "Return prepaid"},
			{ReturnPaidAtPost, "Return paid at the post office"},
		},
		TaxFreeCountries: []string{
			"AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU",
			"IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
		},
		CanaryIslandsPostalRanges: []PostalRange{
			{CountryCode: "ES", From: "35000", To: "35999"},
			{CountryCode: "ES", From: "38000", To: "38999"},
		},
	}
}
