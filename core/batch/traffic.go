package batch

import "parcelportal/core/failure"

// TrafficKind reads which side of the carrier traffic a download asks for:
// "request" or "response" (responses true); anything else is refused with
// KeyTrafficKind.
func TrafficKind(kind string) (responses bool, err error) {
	switch kind {
	case "request":
		return false, nil
	case "response":
		return true, nil
	}
	return false, failure.New(failure.Invalid, KeyTrafficKind, "kind", kind)
}
