package pdf

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/go-pdf/fpdf"

	"parcelportal/core/invoice"
)

// CommercialInvoices renders commercial invoices: each starts on a new A4
// page with seller, parcels and receivers, the goods with HS codes and
// origin, the charges and the totals the core computed.
type CommercialInvoices struct{}

// RenderCommercialInvoices returns one PDF holding every invoice.
func (CommercialInvoices) RenderCommercialInvoices(invoices []invoice.Commercial) ([]byte, error) {
	doc := fpdf.New("P", "mm", "A4", "")
	doc.SetTitle("Commercial invoice", true)
	doc.SetCreator("parcel portal", true)
	doc.SetAutoPageBreak(true, 15)
	tr := doc.UnicodeTranslatorFromDescriptor("")
	for _, inv := range invoices {
		renderInvoice(doc, tr, inv)
	}
	var buf bytes.Buffer
	if err := doc.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func renderInvoice(doc *fpdf.Fpdf, tr func(string) string, inv invoice.Commercial) {
	doc.AddPage()
	doc.SetFont("Helvetica", "B", 16)
	doc.CellFormat(0, 9, "COMMERCIAL INVOICE", "", 1, "L", false, 0, "")
	doc.SetFont("Helvetica", "", 10)
	facts := [][2]string{{"Invoice number", inv.Number}}
	if !inv.Date.IsZero() {
		facts = append(facts, [2]string{"Invoice date", inv.Date.Format("02.01.2006")})
	}
	facts = append(facts, [][2]string{{"PO number", inv.PONumber}, {"Incoterm", inv.Incoterm},
		{"Reason of export", inv.ReasonOfExport}, {"Currency", inv.Currency}}...)
	for _, f := range facts {
		doc.CellFormat(40, 5.5, f[0], "", 0, "L", false, 0, "")
		doc.CellFormat(0, 5.5, tr(f[1]), "", 1, "L", false, 0, "")
	}
	doc.Ln(3)

	doc.SetFont("Helvetica", "B", 11)
	doc.CellFormat(0, 6, "Seller", "", 1, "L", false, 0, "")
	doc.SetFont("Helvetica", "", 10)
	for _, line := range partyLines(inv.Seller) {
		doc.CellFormat(0, 5, tr(line), "", 1, "L", false, 0, "")
	}
	doc.Ln(3)

	doc.SetFont("Helvetica", "B", 11)
	doc.CellFormat(0, 6, "Parcels and receivers", "", 1, "L", false, 0, "")
	doc.SetFont("Helvetica", "", 10)
	for _, p := range inv.Parcels {
		head := p.Identifier
		if p.Reference != "" {
			head += "  (ref. " + p.Reference + ")"
		}
		doc.SetFont("Helvetica", "B", 10)
		doc.CellFormat(0, 5, tr(head), "", 1, "L", false, 0, "")
		doc.SetFont("Helvetica", "", 10)
		doc.CellFormat(0, 5, tr(strings.Join(partyLines(p.Receiver), ", ")), "", 1, "L", false, 0, "")
	}
	doc.Ln(3)

	widths := []float64{62, 22, 14, 16, 22, 22, 22}
	heads := []string{"Description", "HS code", "Origin", "Qty", "Unit weight", "Unit value", "Amount"}
	doc.SetFont("Helvetica", "B", 9)
	doc.SetFillColor(230, 230, 230)
	for i, h := range heads {
		doc.CellFormat(widths[i], 6, h, "1", 0, "C", true, 0, "")
	}
	doc.Ln(-1)
	doc.SetFont("Helvetica", "", 9)
	for _, l := range inv.Lines {
		desc := l.Description
		if l.ArticleNumber != "" {
			desc = l.ArticleNumber + " " + desc
		}
		cells := []string{desc, l.HSTariff, l.Origin, number(l.Quantity), number(l.UnitWeight) + " kg", money(l.UnitValue), money(l.Amount)}
		for i, c := range cells {
			align := "R"
			if i < 3 {
				align = "L"
			}
			doc.CellFormat(widths[i], 6, tr(fit(c, 40)), "1", 0, align, false, 0, "")
		}
		doc.Ln(-1)
	}
	doc.Ln(2)

	totals := [][2]string{{"Subtotal", money(inv.Subtotal)}, {"Freight and postage", money(inv.FreightPostage)}}
	if inv.Incoterm != invoice.IncotermDAP {
		totals = append(totals, [2]string{"Duty", money(inv.Duty)}, [2]string{"VAT", money(inv.VAT)}, [2]string{"Tobacco tax", money(inv.TobaccoTax)})
	}
	totals = append(totals, [2]string{"Discount / rebate", "-" + money(inv.DiscountRebate)})
	for _, t := range totals {
		doc.CellFormat(136, 5.5, t[0], "", 0, "R", false, 0, "")
		doc.CellFormat(44, 5.5, t[1]+" "+inv.Currency, "", 1, "R", false, 0, "")
	}
	doc.SetFont("Helvetica", "B", 10)
	doc.CellFormat(136, 7, "Total", "T", 0, "R", false, 0, "")
	doc.CellFormat(44, 7, money(inv.Total)+" "+inv.Currency, "T", 1, "R", false, 0, "")
	doc.SetFont("Helvetica", "", 9)
	doc.CellFormat(0, 5, "Total gross weight: "+number(inv.Weight)+" kg", "", 1, "L", false, 0, "")
	doc.Ln(3)
	for _, text := range []string{inv.AdditionalComments, inv.DeclarationStatement} {
		if text != "" {
			doc.MultiCell(0, 5, tr(text), "", "L", false)
			doc.Ln(1)
		}
	}
}

func partyLines(p invoice.Party) []string {
	var out []string
	add := func(parts ...string) {
		var kept []string
		for _, s := range parts {
			if s != "" {
				kept = append(kept, s)
			}
		}
		if len(kept) > 0 {
			out = append(out, strings.Join(kept, " "))
		}
	}
	add(p.Name)
	add(p.Contact)
	add(p.Street, p.No)
	add(p.Postcode, p.City, p.Country)
	if p.EORI != "" {
		add("EORI", p.EORI)
	}
	if p.TaxID != "" {
		add("Tax ID", p.TaxID)
	}
	return out
}

func money(f float64) string { return fmt.Sprintf("%.2f", f) }
func number(f float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.3f", f), "0"), ".")
}

// fit shortens a cell text to n runes.
func fit(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
