package account

import (
	"strings"
	"time"

	"parcelportal/core/access"
)

// Status is a login's activation status. Only ACTIVE logins are signed in.
type Status string

// Activation statuses (spec 1 section 4): NEW until the e-mail address is
// confirmed, PENDING while an administrator has still to decide, ACTIVE,
// and INACTIVE when switched off.
const (
	Active   Status = "ACTIVE"
	Inactive Status = "INACTIVE"
	New      Status = "NEW"
	Pending  Status = "PENDING"
)

// Statuses lists every status in the order filters show them.
var Statuses = []Status{Active, Inactive, New, Pending}

// ParseStatus reads a status in any case, as the user list's filter sends them.
func ParseStatus(s string) (Status, bool) {
	st := Status(strings.ToUpper(strings.TrimSpace(s)))
	for _, known := range Statuses {
		if st == known {
			return st, true
		}
	}
	return "", false
}

// User is a login with its profile, roles and history.
type User struct {
	// ID is the identity provider's id.
	ID        string
	Login     string
	Email     string
	FirstName string
	LastName  string
	LangKey   string
	Roles     []access.Role
	Status    Status
	// HasSecondFactor: an authenticator device is registered.
	HasSecondFactor bool
	CreatedBy       string
	CreatedAt       time.Time
	ModifiedBy      string
	ModifiedAt      time.Time
}
