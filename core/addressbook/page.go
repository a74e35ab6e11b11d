package addressbook

import "strings"

// The list pages on the server (spec 2 section 9: the grid shows 20 rows).
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
	// MaxSearchLength bounds the search box's text.
	MaxSearchLength = 100
)

// Query selects a page of a customer's entries: those whose name, contact,
// recipient number, street, postal code, city or e-mail contain Search
// (any letter case), ordered by name (any letter case), then id.
type Query struct {
	CustomerID int64
	Search     string
	Page, Size int
}

// NewQuery trims the search text and applies the default page size; the
// bounds of page and size are the request's field rules.
func NewQuery(customerID int64, search string, page, size int) Query {
	if size <= 0 {
		size = DefaultPageSize
	}
	if size > MaxPageSize {
		size = MaxPageSize
	}
	if page < 0 {
		page = 0
	}
	return Query{CustomerID: customerID, Search: strings.TrimSpace(search), Page: page, Size: size}
}

// SearchText is the text a search looks in, in lower case, fields separated
// by a space; a store may keep it beside the entry.
func (a Address) SearchText() string {
	return strings.ToLower(strings.Join([]string{a.Name, a.Contact, a.RecipientNumber, a.Street, a.PostalCode, a.City, a.Email}, " "))
}

// Matches reports whether the entry is found by the search text (empty
// finds every entry).
func (a Address) Matches(search string) bool {
	return search == "" || strings.Contains(a.SearchText(), strings.ToLower(search))
}
