package batch

import (
	"strconv"

	"parcelportal/core/failure"
)

// Page sizes of the batch and shipment lists: the screens offer 10 to 500
// rows (spec 2 section 9); a script may read a whole batch at once.
const (
	DefaultPageSize = 10
	MaxPageSize     = MaxRows
)

// KeyPage is the failure of a page number below 0 or a page size outside 1 to MaxPageSize.
const KeyPage = "error.batch.page"

// Page checks a requested page: a size of 0 asks for the default size; a
// negative page or a size out of range is refused rather than quietly bent.
func Page(page, size int) (int, int, error) {
	if size == 0 {
		size = DefaultPageSize
	}
	if page < 0 || size < 0 || size > MaxPageSize {
		return 0, 0, failure.New(failure.Invalid, KeyPage, "maxPageSize", strconv.Itoa(MaxPageSize))
	}
	return page, size, nil
}
