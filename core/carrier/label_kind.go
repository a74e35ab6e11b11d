package carrier

import "parcelportal/core/failure"

// KeyDontMixLabelTypes: labels of different kinds are never put together in
// one download or one resend (spec 2 section 5.3).
const KeyDontMixLabelTypes = "error.dontMixLabelTypes"

// OneKind answers the kind (LabelKind, read by kindOf) that every label
// shares, for a download that joins them into one file; a conflict with
// KeyDontMixLabelTypes when they are of more than one. No labels share
// the kind "".
func OneKind[L any](labels []L, kindOf func(L) string) (string, error) {
	if len(labels) == 0 {
		return "", nil
	}
	kind := kindOf(labels[0])
	for _, l := range labels[1:] {
		if kindOf(l) != kind {
			return "", failure.New(failure.Conflict, KeyDontMixLabelTypes)
		}
	}
	return kind, nil
}
