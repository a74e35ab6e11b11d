package labels

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"parcelportal/core/shipment"
)

// Customs is what a CN23 customs declaration states.
type Customs struct {
	Identifier    string
	SenderHub     string
	Receiver      Address
	Content       string
	Currency      string
	ShippingCost  string
	SellerEORI    string
	SenderEORI    string
	SenderTaxID   string
	ReceiverTaxID string
	Lines         []map[string]string
	Date          time.Time
}

// CustomsFromDraft takes what the declaration states from a shipment.
func CustomsFromDraft(identifier, senderHub string, d shipment.Draft, at time.Time) Customs {
	f := d.Fields
	return Customs{
		Identifier: identifier, SenderHub: senderHub,
		Receiver: FromDraft(identifier, senderHub, d, at).Receiver,
		Content:  f["content"], Currency: f["currency"], ShippingCost: f["shippingCost"],
		SellerEORI: f["sellerEORI"], SenderEORI: f["senderEORI"], SenderTaxID: f["senderTaxId"], ReceiverTaxID: f["receiverTaxId"],
		Lines: d.OrderLines, Date: at,
	}
}

// CustomsPDF renders the declaration as one A4 page listing the order lines.
func CustomsPDF(c Customs) ([]byte, error) {
	tr := cp1252()
	doc := newDoc(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", SizeStr: "A4"})
	doc.SetTitle("CN23 "+c.Identifier, false)
	doc.SetMargins(12, 12, 12)
	doc.AddPage()
	doc.SetFont("Helvetica", "B", 16)
	doc.CellFormat(120, 9, "CN 23  CUSTOMS DECLARATION", "", 0, "L", false, 0, "")
	if err := drawCode128(doc, c.Identifier, 140, 12, 58, 12); err != nil {
		return nil, err
	}
	doc.SetFont("Courier", "B", 10)
	doc.SetXY(140, 25)
	doc.CellFormat(58, 5, c.Identifier, "", 0, "C", false, 0, "")

	doc.SetFont("Helvetica", "", 9)
	box := func(x, y, w, h float64, title string, lines []string) {
		doc.Rect(x, y, w, h, "D")
		doc.SetXY(x+2, y+1)
		doc.SetFont("Helvetica", "B", 8)
		doc.CellFormat(w-4, 4.5, title, "", 2, "L", false, 0, "")
		doc.SetFont("Helvetica", "", 9)
		for _, l := range lines {
			if strings.TrimSpace(l) == "" {
				continue
			}
			doc.SetX(x + 2)
			doc.CellFormat(w-4, 4.5, tr(l), "", 2, "L", false, 0, "")
		}
	}
	box(12, 34, 90, 40, "FROM", []string{"Sender hub " + c.SenderHub, labelled("EORI", c.SenderEORI), labelled("Tax id", c.SenderTaxID), labelled("Seller EORI", c.SellerEORI)})
	box(108, 34, 90, 40, "TO", append(c.Receiver.Lines(), labelled("Tax id", c.ReceiverTaxID)))

	doc.SetXY(12, 78)
	doc.SetFont("Helvetica", "B", 9)
	doc.CellFormat(40, 5, "Category of item:", "", 0, "L", false, 0, "")
	doc.SetFont("Helvetica", "", 9)
	doc.CellFormat(0, 5, tr(c.Content), "", 1, "L", false, 0, "")

	cols := []struct {
		title, field string
		w            float64
		align        string
	}{
		{"Description", "description", 62, "L"}, {"Article", "articleNumber", 26, "L"}, {"HS tariff", "hstarifnumber", 24, "L"},
		{"Origin", "origincountry", 14, "C"}, {"Qty", "quantity", 12, "R"}, {"Weight (kg)", "weight", 20, "R"}, {"Value", "value", 28, "R"},
	}
	doc.SetXY(12, 86)
	doc.SetFont("Helvetica", "B", 8)
	doc.SetFillColor(230, 230, 230)
	for _, col := range cols {
		doc.CellFormat(col.w, 6, col.title, "1", 0, col.align, true, 0, "")
	}
	doc.Ln(-1)
	doc.SetFont("Helvetica", "", 8)
	var totalWeight, totalValue float64
	for i, line := range c.Lines {
		if doc.GetY() > 250 {
			doc.SetX(12)
			doc.CellFormat(186, 6, fmt.Sprintf("... and %d more lines", len(c.Lines)-i), "1", 1, "L", false, 0, "")
			break
		}
		doc.SetX(12)
		for _, col := range cols {
			doc.CellFormat(col.w, 6, tr(clip(line[col.field], int(col.w/1.6))), "1", 0, col.align, false, 0, "")
		}
		doc.Ln(-1)
	}
	for _, line := range c.Lines {
		q := number(line["quantity"])
		if q == 0 {
			q = 1
		}
		totalWeight += number(line["weight"]) * q
		totalValue += number(line["value"]) * q
	}
	doc.SetX(12)
	doc.SetFont("Helvetica", "B", 8)
	doc.CellFormat(138, 6, fmt.Sprintf("Total (%d lines)", len(c.Lines)), "1", 0, "R", false, 0, "")
	// Grams at most: sums of decimals such as 0.1 + 0.2 print as 0.3.
	doc.CellFormat(20, 6, strconv.FormatFloat(math.Round(totalWeight*1000)/1000, 'f', -1, 64), "1", 0, "R", false, 0, "")
	doc.CellFormat(28, 6, strconv.FormatFloat(totalValue, 'f', 2, 64)+" "+tr(c.Currency), "1", 1, "R", false, 0, "")
	doc.SetFont("Helvetica", "", 9)
	doc.SetX(12)
	doc.CellFormat(0, 6, tr(labelled("Postal charges", strings.TrimSpace(c.ShippingCost+" "+c.Currency))), "", 1, "L", false, 0, "")

	doc.SetXY(12, 268)
	doc.SetFont("Helvetica", "", 8)
	doc.MultiCell(186, 4, "I certify that the particulars given in this customs declaration are correct and that this item does not contain any dangerous article prohibited by legislation or by postal or customs regulations.", "", "L", false)
	doc.SetX(12)
	doc.CellFormat(90, 6, "Date: "+c.Date.Format("2006-01-02"), "", 0, "L", false, 0, "")
	doc.CellFormat(96, 6, "Signature: ______________________", "", 0, "R", false, 0, "")
	return output(doc)
}

func labelled(label, value string) string {
	if strings.TrimSpace(value) == "" {
		return ""
	}
	return label + ": " + value
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// number reads a decimal written with a point or a comma; anything else is 0.
func number(s string) float64 {
	v, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(s), ",", "."), 64)
	if err != nil {
		return 0
	}
	return v
}
