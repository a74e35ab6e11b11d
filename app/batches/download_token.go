package batches

import (
	"context"
	"strconv"

	"parcelportal/core/access"
	"parcelportal/core/linkdownload"
)

// DownloadToken issues a token for one link download of the batch (its
// labels or its commercial invoice) by the caller, who must see the batch:
// another customer's batch does not exist for it. The download checks the
// batch's state when the link is followed.
func (s Service) DownloadToken(ctx context.Context, caller *access.Caller, id int64, purpose linkdownload.Purpose) (linkdownload.Token, error) {
	if !purpose.Valid() {
		return linkdownload.Token{}, linkdownload.ErrPurposeInvalid
	}
	if _, err := s.visible(ctx, caller, id); err != nil {
		return linkdownload.Token{}, err
	}
	return s.Tokens.Issue(ctx, caller, purpose, strconv.FormatInt(id, 10))
}
