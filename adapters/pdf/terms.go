// Package pdf renders the portal's documents with fpdf.
package pdf

import (
	"bytes"
	"fmt"

	"github.com/go-pdf/fpdf"

	"parcelportal/app/customers"
)

// Terms renders terms of carriage: one A4 page per terms page, with the
// title, the page heading, the paragraphs and a page footer.
type Terms struct{}

// RenderTerms returns the PDF.
func (Terms) RenderTerms(t customers.Terms) ([]byte, error) {
	doc := fpdf.New("P", "mm", "A4", "")
	doc.SetTitle(t.Title, true)
	doc.SetCreator("parcel portal", true)
	// The core fonts speak cp1252, which covers de, en, es, it and nl.
	tr := doc.UnicodeTranslatorFromDescriptor("")
	total := len(t.Pages)
	doc.SetFooterFunc(func() {
		doc.SetY(-15)
		doc.SetFont("Helvetica", "I", 8)
		doc.CellFormat(0, 10, fmt.Sprintf("%s  %d / %d", tr(t.Title), doc.PageNo(), total), "", 0, "C", false, 0, "")
	})
	for _, p := range t.Pages {
		doc.AddPage()
		doc.SetFont("Helvetica", "B", 14)
		doc.MultiCell(0, 7, tr(t.Title), "", "L", false)
		doc.Ln(4)
		doc.SetFont("Helvetica", "B", 12)
		doc.MultiCell(0, 6, tr(p.Heading), "", "L", false)
		doc.Ln(2)
		doc.SetFont("Helvetica", "", 11)
		for _, para := range p.Paragraphs {
			doc.MultiCell(0, 5.5, tr(para), "", "J", false)
			doc.Ln(3)
		}
	}
	var buf bytes.Buffer
	if err := doc.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
