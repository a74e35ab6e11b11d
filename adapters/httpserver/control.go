package httpserver

import (
	"encoding/json"
	"net/http"
)

// WriteJSON answers v as JSON with the status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// ServeControl answers a simulator's GET and POST /control: GET the
// settings as they are, POST a change (a JSON body of at most 64 KiB with
// no unknown fields) applied and the settings it left; a body that cannot
// be read or a change refused answers 400 with {"error": "..."}.
func ServeControl[C, S any](w http.ResponseWriter, r *http.Request, current func() S, apply func(C) (S, error)) {
	if r.Method == http.MethodGet {
		WriteJSON(w, http.StatusOK, current())
		return
	}
	var c C
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		WriteJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
		return
	}
	settings, err := apply(c)
	if err != nil {
		WriteJSON(w, http.StatusBadRequest, map[string]string{"error": err.Error()})
		return
	}
	WriteJSON(w, http.StatusOK, settings)
}
