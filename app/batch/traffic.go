package batch

import (
	"context"
	"fmt"

	"parcelportal/core/access"
	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

// Traffic (admins) sends every SOAP request or response exchanged for the
// batch, in order.
func (s Service) Traffic(ctx context.Context, caller *access.Caller, id int64, kind string) (File, error) {
	if !caller.IsAdmin() {
		return File{}, batch.ErrAdminOnly
	}
	if kind != "request" && kind != "response" {
		return File{}, failure.New(failure.Invalid, batch.KeyTrafficKind, "kind", kind)
	}
	if _, err := s.visible(ctx, caller, id); err != nil {
		return File{}, err
	}
	texts, err := s.Store.Traffic(ctx, id, kind == "response")
	if err != nil {
		return File{}, err
	}
	parts := make([][]byte, len(texts))
	for i, t := range texts {
		parts[i] = []byte(t)
	}
	return File{Name: fmt.Sprintf("batch-%d-%ss.xml", id, kind), ContentType: ContentXML, Data: joinText(parts)}, nil
}
