package shipment

import "testing"

func TestIsEmail(t *testing.T) {
	for s, want := range map[string]bool{
		"erika@example.de": true, "a.b+c@mail.example.co.uk": true, "x@y.z": true,
		"": false, "erika": false, "erika@": false, "@example.de": false, "erika@example": false,
		"erika@@example.de": false, "erika@example..de": false, "erika@.example.de": false,
		"erika @example.de": false, "erika@example.de.": false, "a@b@c.de": false,
	} {
		if got := IsEmail(s); got != want {
			t.Errorf("IsEmail(%q) = %v", s, got)
		}
	}
}

func TestIsPhone(t *testing.T) {
	for s, want := range map[string]bool{
		"+49 170 1234567": true, "030/12345-67": true, "(0)30 1234": true, "1234": true,
		"123": false, "+": false, "++49 170": false, "0170 ABC": false, "(030) 1234": true, "-030 1234": false,
		"123456789012345678901": false,
	} {
		if got := IsPhone(s); got != want {
			t.Errorf("IsPhone(%q) = %v", s, got)
		}
	}
}

func TestPostalCodeFits(t *testing.T) {
	cases := []struct {
		country, code string
		want          bool
	}{
		{"DE", "10115", true}, {"DE", "1011", false}, {"DE", "101155", false}, {"DE", "1O115", false},
		{"AT", "1010", true}, {"CH", "8001", true}, {"CH", "80011", false},
		{"NL", "1015 CX", true}, {"NL", "1015cx", true}, {"NL", "1015 C", false},
		{"GB", "SW1A 1AA", true}, {"GB", "NW1 6XE", true}, {"GB", "ec1a1bb", true}, {"GB", "SW1A", false},
		{"US", "10118", true}, {"US", "10118-0110", true}, {"US", "1011", false},
		{"PL", "00-950", true}, {"PL", "00950", false}, {"LU", "L-1111", true}, {"LU", "l-1111", true},
		{"CA", "K1A 0B1", true}, {"PT", "1000-001", true}, {"SE", "114 55", true},
		{"BR", "01310-100", true}, {"BR", "-1310", false}, {"BR", "0", false}, {"BR", "01310_100", false},
	}
	for _, c := range cases {
		if got := PostalCodeFits(c.country, c.code); got != c.want {
			t.Errorf("PostalCodeFits(%s, %q) = %v", c.country, c.code, got)
		}
	}
}
