package labels

import "testing"

func TestCP1252KeepsWesternLettersAndMarksTheRest(t *testing.T) {
	for in, want := range map[string]string{
		"Damrak 1":      "Damrak 1",
		"Müller Straße": "M\xfcller Stra\xdfe",
		"10 €":          "10 \x80",
		"Łódź":          "?\xf3d?",
	} {
		if got := toCP1252(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
