package carrier

import (
	"testing"

	"parcelportal/core/failure"
)

func TestOneKindRefusesToMixLabelKinds(t *testing.T) {
	type stored struct{ labelType, contentType string }
	kindOf := func(s stored) string { return LabelKind(s.labelType, s.contentType) }
	cases := []struct {
		labels []stored
		kind   string
		mixed  bool
	}{
		{nil, "", false},
		{[]stored{{"", "application/pdf"}, {LabelPDF, ""}}, LabelPDF, false},
		{[]stored{{LabelZebra, ""}, {"", "text/plain"}}, LabelZebra, false},
		{[]stored{{LabelPDF, ""}, {LabelZebra, ""}}, "", true},
		{[]stored{{LabelZebra, ""}, {LabelZebra300, ""}}, "", true},
	}
	for _, c := range cases {
		kind, err := OneKind(c.labels, kindOf)
		if kind != c.kind || failure.HasKey(err, KeyDontMixLabelTypes) != c.mixed {
			t.Errorf("OneKind(%v) = %q, %v; want %q, mixed %v", c.labels, kind, err, c.kind, c.mixed)
		}
	}
}
