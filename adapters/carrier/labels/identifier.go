package labels

import (
	"fmt"
	"strings"
)

// Identifier is a parcel number in the UPU S10 form carriers print: a
// two-letter service indicator, an 8-digit serial, a check digit and the
// country of the posting hub, e.g. CP123456785DE. Serials wrap at 10^8.
func Identifier(serial int64, country string) string {
	country = strings.ToUpper(strings.TrimSpace(country))
	if len(country) != 2 {
		country = "XX"
	}
	digits := fmt.Sprintf("%08d", serial%100_000_000)
	return "CP" + digits + string(rune('0'+checkDigit(digits))) + country
}

// checkDigit is the S10 check digit of eight digits.
func checkDigit(digits string) int {
	weights := [8]int{8, 6, 4, 2, 3, 5, 9, 7}
	sum := 0
	for i, w := range weights {
		sum += int(digits[i]-'0') * w
	}
	switch c := 11 - sum%11; c {
	case 10:
		return 0
	case 11:
		return 5
	default:
		return c
	}
}

// ValidIdentifier reports whether id is an S10 identifier with a correct check digit.
func ValidIdentifier(id string) bool {
	if len(id) != 13 {
		return false
	}
	for i, r := range id {
		letter := r >= 'A' && r <= 'Z'
		digit := r >= '0' && r <= '9'
		if (i < 2 || i >= 11) && !letter || i >= 2 && i < 11 && !digit {
			return false
		}
	}
	return int(id[10]-'0') == checkDigit(id[2:10])
}
