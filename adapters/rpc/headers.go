package rpc

import (
	"mime"
	"net/http"
	"strconv"

	"connectrpc.com/connect"

	"parcelportal/core/filename"
)

// withTotal sends the size of the whole list in X-Total-Count, as the spec's
// paged lists do.
func withTotal[T any](res *connect.Response[T], total int) *connect.Response[T] {
	res.Header().Set("X-Total-Count", strconv.Itoa(total))
	return res
}

// download sets the headers of a file: disposition (attachment or inline)
// with its name, and no caching of customer documents. A name stored
// before names were cleaned loses its hidden characters here.
func download[T any](res *connect.Response[T], disposition, fileName string) *connect.Response[T] {
	downloadHeaders(res.Header(), disposition, fileName)
	return res
}

// downloadHeaders sets a file's headers on h; download's for a stream.
func downloadHeaders(h http.Header, disposition, fileName string) {
	h.Set("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": filename.Visible(fileName)}))
	h.Set("Cache-Control", "no-store")
}
