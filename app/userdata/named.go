package userdata

import "parcelportal/core/account"

// Named is a link with the login's names and roles.
type Named struct {
	Link
	User account.User
}
