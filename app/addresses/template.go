package addresses

import (
	"parcelportal/core/access"
	"parcelportal/core/addressbook"
)

// Template is the address-book CSV template for the import screen's
// download button (GET /web/api/csv-template-docs/address-book).
func (Service) Template(caller *access.Caller) ([]byte, error) {
	if err := access.FormUsers.Check(caller); err != nil {
		return nil, err
	}
	return addressbook.Template(), nil
}
