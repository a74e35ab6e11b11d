package rpc

// protos maps a list of the app's values to their messages, in order; an
// empty list stays nil, as a repeated field that was never appended to.
func protos[T, P any](items []T, toProto func(T) P) []P {
	if len(items) == 0 {
		return nil
	}
	out := make([]P, len(items))
	for i, v := range items {
		out[i] = toProto(v)
	}
	return out
}
