package labels

import (
	"fmt"
	"time"

	"github.com/go-pdf/fpdf"
)

// Manifest is the carrier's list of parcels handed over together.
type Manifest struct {
	Number      string
	Reference   string
	Customer    string
	Identifiers []string
	Date        time.Time
}

// ManifestPDF renders the manifest on A4: number, count and every
// identifier, four columns per page, as many pages as the parcels need.
func ManifestPDF(m Manifest) ([]byte, error) {
	tr := cp1252()
	doc := newDoc(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", SizeStr: "A4"})
	doc.SetTitle("Manifest "+m.Number, false)
	doc.SetMargins(12, 12, 12)
	const perColumn, columns = 50, 4
	pages := max(1, (len(m.Identifiers)+perColumn*columns-1)/(perColumn*columns))
	for p := range pages {
		doc.AddPage()
		doc.SetFont("Helvetica", "B", 16)
		doc.CellFormat(0, 9, "MANIFEST "+m.Number, "", 1, "L", false, 0, "")
		doc.SetFont("Helvetica", "", 9)
		doc.CellFormat(0, 5, tr(fmt.Sprintf("Customer %s   Reference %s   %s", m.Customer, m.Reference, m.Date.Format("2006-01-02 15:04"))), "", 1, "L", false, 0, "")
		doc.SetFont("Helvetica", "B", 11)
		doc.CellFormat(0, 7, fmt.Sprintf("%d parcels", len(m.Identifiers)), "", 1, "L", false, 0, "")
		doc.SetFont("Helvetica", "", 8)
		doc.CellFormat(0, 5, fmt.Sprintf("Page %d of %d", p+1, pages), "", 1, "R", false, 0, "")
		doc.SetFont("Courier", "", 9)
		top := doc.GetY() + 2
		start := p * perColumn * columns
		for i := start; i < min(len(m.Identifiers), start+perColumn*columns); i++ {
			k := i - start
			doc.SetXY(12+float64(k/perColumn)*46.5, top+float64(k%perColumn)*4.8)
			doc.CellFormat(46, 4.8, fmt.Sprintf("%4d %s", i+1, m.Identifiers[i]), "", 0, "L", false, 0, "")
		}
	}
	return output(doc)
}
