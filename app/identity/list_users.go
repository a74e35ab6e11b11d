package identity

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"parcelportal/core/access"
	"parcelportal/core/account"
)

// UserQuery pages and filters the user list.
type UserQuery struct {
	Page, Size int
	// Sort is login (default), email, activationStatus, createdDate or lastModifiedDate.
	Sort       string
	Descending bool
	Statuses   []account.Status
	// Login keeps only logins containing it, ignoring case.
	Login string
}

// Default page size of the user list (spec 1 section 9).
const defaultUserPageSize = 10

// ListUsers returns one page of the filtered, sorted logins and the total.
// Like every use case of the user management, it is the admins'.
func (s Service) ListUsers(ctx context.Context, caller *access.Caller, q UserQuery) ([]account.User, int, error) {
	if err := access.Admins.Check(caller); err != nil {
		return nil, 0, err
	}
	all, err := s.Directory.List(ctx)
	if err != nil {
		return nil, 0, err
	}
	statuses := q.Statuses
	if len(statuses) == 0 {
		statuses = account.Statuses
	}
	needle := strings.ToLower(q.Login)
	kept := slices.DeleteFunc(all, func(u account.User) bool {
		return !slices.Contains(statuses, u.Status) || !strings.Contains(strings.ToLower(u.Login), needle)
	})
	slices.SortStableFunc(kept, func(a, b account.User) int {
		c := compareUsers(a, b, q.Sort)
		if q.Descending {
			return -c
		}
		return c
	})
	size := q.Size
	if size <= 0 {
		size = defaultUserPageSize
	}
	from := min(max(q.Page, 0)*size, len(kept))
	return kept[from:min(from+size, len(kept))], len(kept), nil
}

func compareUsers(a, b account.User, field string) int {
	switch field {
	case "email":
		return cmp.Or(strings.Compare(a.Email, b.Email), strings.Compare(a.Login, b.Login))
	case "activationStatus":
		return cmp.Or(strings.Compare(string(a.Status), string(b.Status)), strings.Compare(a.Login, b.Login))
	case "createdDate":
		return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), strings.Compare(a.Login, b.Login))
	case "lastModifiedDate":
		return cmp.Or(a.ModifiedAt.Compare(b.ModifiedAt), strings.Compare(a.Login, b.Login))
	default:
		return strings.Compare(a.Login, b.Login)
	}
}
