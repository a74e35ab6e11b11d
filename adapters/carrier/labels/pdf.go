package labels

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/boombuler/barcode/code128"
	"github.com/go-pdf/fpdf"
	"golang.org/x/text/encoding/charmap"
)

// Label page size in millimetres: the carrier's 100 x 150 mm thermal label.
const (
	WidthMM  = 100.0
	HeightMM = 150.0
)

// cp1252 turns UTF-8 into the code page of fpdf's core fonts, which covers
// the receivers' languages of western Europe; other characters become '?'.
// fpdf's own translator shares a buffer between calls and so cannot serve
// labels rendered in parallel.
func cp1252() func(string) string { return toCP1252 }

func toCP1252(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	out := make([]byte, 0, len(s))
	for _, r := range s {
		if r < 0x80 {
			out = append(out, byte(r))
		} else if b, ok := charmap.Windows1252.EncodeRune(r); ok {
			out = append(out, b)
		} else {
			out = append(out, '?')
		}
	}
	return string(out)
}

func newDoc(init *fpdf.InitType) *fpdf.Fpdf {
	doc := fpdf.NewCustom(init)
	doc.SetCreator("carrier simulator", false)
	doc.SetAutoPageBreak(false, 0)
	// Uncompressed: a label is a few kilobytes of text and bars either way,
	// and a deflate writer per document costs more than the whole drawing.
	doc.SetCompression(false)
	return doc
}

func output(doc *fpdf.Fpdf) ([]byte, error) {
	var buf bytes.Buffer
	if err := doc.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// PDF renders the label as a one-page 100 x 150 mm PDF.
func PDF(l Label) ([]byte, error) {
	tr := cp1252()
	doc := newDoc(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", Size: fpdf.SizeType{Wd: WidthMM, Ht: HeightMM}})
	doc.SetTitle("Label "+l.Identifier, false)
	doc.SetMargins(4, 4, 4)
	doc.AddPage()
	doc.SetLineWidth(0.4)

	// Head: carrier and product, boxed like a routing field.
	doc.Rect(4, 4, 92, 18, "D")
	doc.SetFont("Helvetica", "B", 13)
	doc.SetXY(6, 6)
	doc.CellFormat(50, 6, "PARCEL CARRIER", "", 0, "L", false, 0, "")
	doc.SetFont("Helvetica", "", 8)
	doc.SetXY(6, 13)
	doc.CellFormat(50, 4, tr("Sender hub: "+l.SenderHub), "", 0, "L", false, 0, "")
	doc.SetXY(6, 17)
	doc.CellFormat(50, 4, l.Date.Format("2006-01-02"), "", 0, "L", false, 0, "")
	doc.SetFillColor(0, 0, 0)
	doc.Rect(58, 4, 38, 18, "F")
	doc.SetTextColor(255, 255, 255)
	doc.SetFont("Helvetica", "B", 14)
	doc.SetXY(58, 6)
	doc.CellFormat(38, 8, tr(l.Product), "", 0, "C", false, 0, "")
	doc.SetFont("Helvetica", "B", 10)
	doc.SetXY(58, 14)
	doc.CellFormat(38, 6, tr(l.Service), "", 0, "C", false, 0, "")
	doc.SetTextColor(0, 0, 0)

	// Receiver.
	doc.SetFont("Helvetica", "", 8)
	doc.SetXY(6, 25)
	doc.CellFormat(0, 4, "TO", "", 1, "L", false, 0, "")
	doc.SetFont("Helvetica", "B", 12)
	y := 30.0
	for _, line := range l.Receiver.Lines() {
		doc.SetXY(6, y)
		doc.CellFormat(88, 5.5, tr(line), "", 0, "L", false, 0, "")
		y += 5.5
	}
	doc.SetFont("Helvetica", "", 8)
	if contact := strings.TrimSpace(l.Receiver.Mobile + "  " + l.Receiver.Email); contact != "" {
		doc.SetXY(6, y+1)
		doc.CellFormat(88, 4, tr(contact), "", 0, "L", false, 0, "")
	}
	doc.Line(4, 80, 96, 80)

	// Shipment facts.
	facts := [][2]string{
		{"Reference", l.Reference}, {"Weight (kg)", l.Weight}, {"Format", l.Format}, {"Options", l.Options},
	}
	y = 82
	for _, f := range facts {
		doc.SetXY(6, y)
		doc.SetFont("Helvetica", "", 8)
		doc.CellFormat(22, 4.5, f[0], "", 0, "L", false, 0, "")
		doc.SetFont("Helvetica", "B", 9)
		doc.CellFormat(66, 4.5, tr(f[1]), "", 0, "L", false, 0, "")
		y += 4.5
	}
	doc.Line(4, 102, 96, 102)

	// The identifier as Code 128, drawn as vector bars: sharp on every
	// printer and far cheaper than embedding a raster image.
	if err := drawCode128(doc, l.Identifier, 8, 106, 84, 28); err != nil {
		return nil, err
	}
	doc.SetFont("Courier", "B", 12)
	doc.SetXY(4, 136)
	doc.CellFormat(92, 6, spaced(l.Identifier), "", 0, "C", false, 0, "")
	doc.Rect(2, 2, 96, 146, "D")
	return output(doc)
}

// drawCode128 draws the barcode of content into the box x, y, w, h.
func drawCode128(doc *fpdf.Fpdf, content string, x, y, w, h float64) error {
	bc, err := code128.Encode(content)
	if err != nil {
		return fmt.Errorf("barcode of %q: %w", content, err)
	}
	modules := bc.Bounds().Dx()
	module := w / float64(modules)
	doc.SetFillColor(0, 0, 0)
	run := -1
	for i := 0; i <= modules; i++ {
		dark := false
		if i < modules {
			r, _, _, _ := bc.At(i, 0).RGBA()
			dark = r < 0x8000
		}
		switch {
		case dark && run < 0:
			run = i
		case !dark && run >= 0:
			doc.Rect(x+float64(run)*module, y, float64(i-run)*module, h, "F")
			run = -1
		}
	}
	return nil
}

// spaced groups an S10 identifier the way carriers print it: EP 1234 5678 9 DE.
func spaced(id string) string {
	if len(id) != 13 {
		return id
	}
	return id[:2] + " " + id[2:6] + " " + id[6:10] + " " + id[10:11] + " " + id[11:]
}
