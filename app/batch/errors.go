package batch

import (
	"parcelportal/core/batch"
	"parcelportal/core/failure"
)

// notNow is the failure of a request the batch's status does not allow.
func notNow(s batch.Status, what string) error {
	return &failure.Error{Kind: failure.Conflict, Key: batch.KeyNotAllowedNow, Entity: batch.Object,
		Params: map[string]string{"status": string(s), "step": what}}
}
