package batch

import (
	"testing"

	"parcelportal/core/failure"
)

func TestPage(t *testing.T) {
	cases := []struct {
		page, size         int
		wantPage, wantSize int
		refused            bool
	}{
		{0, 0, 0, DefaultPageSize, false},
		{3, 25, 3, 25, false},
		{0, 7, 0, 7, false},
		{0, MaxPageSize, 0, MaxPageSize, false},
		{-1, 10, 0, 0, true},
		{0, -5, 0, 0, true},
		{0, MaxPageSize + 1, 0, 0, true},
	}
	for _, c := range cases {
		page, size, err := Page(c.page, c.size)
		if c.refused != failure.HasKey(err, KeyPage) || (!c.refused && (page != c.wantPage || size != c.wantSize)) {
			t.Errorf("Page(%d, %d) = %d, %d, %v", c.page, c.size, page, size, err)
		}
	}
}
