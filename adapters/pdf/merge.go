package pdf

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// pdfcpu would otherwise write a configuration folder into the user's home
// on first use; the portal needs only its built-in defaults.
func init() { api.DisableConfigDir() }

// ErrNothingToMerge is Merge called without documents.
var ErrNothingToMerge = errors.New("pdf: nothing to merge")

func configuration() *model.Configuration {
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	return conf
}

// Merge joins documents into one PDF, their pages in the given order: the
// labels or customs documents of a batch become one file to print.
func Merge(docs [][]byte) ([]byte, error) {
	switch len(docs) {
	case 0:
		return nil, ErrNothingToMerge
	case 1:
		return docs[0], nil
	}
	readers := make([]io.ReadSeeker, len(docs))
	for i, d := range docs {
		readers[i] = bytes.NewReader(d)
	}
	var out bytes.Buffer
	out.Grow(len(docs) * len(docs[0]))
	if err := api.MergeRaw(readers, &out, false, configuration()); err != nil {
		return nil, fmt.Errorf("merge %d documents: %w", len(docs), err)
	}
	return out.Bytes(), nil
}

// Size is a page's media box in millimetres.
type Size struct {
	Width, Height float64
}

// PageSizes reads a PDF and returns the size of each of its pages; it fails
// on anything that is not a readable PDF.
func PageSizes(doc []byte) ([]Size, error) {
	dims, err := api.PageDims(bytes.NewReader(doc), configuration())
	if err != nil {
		return nil, fmt.Errorf("read pdf: %w", err)
	}
	const mmPerPoint = 25.4 / 72
	sizes := make([]Size, len(dims))
	for i, d := range dims {
		sizes[i] = Size{Width: d.Width * mmPerPoint, Height: d.Height * mmPerPoint}
	}
	return sizes, nil
}
