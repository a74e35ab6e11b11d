package pdf

import (
	"bytes"
	"strings"

	"github.com/go-pdf/fpdf"

	"parcelportal/app/inquiries"
	"parcelportal/core/inquiry"
	"parcelportal/core/organisation"
)

// Inquiry renders a filed parcel inquiry: the tenant it goes to, the
// parcel, the sender, the recipient, the content and the attached files'
// names, as the service desk reads it.
type Inquiry struct{}

var _ inquiries.Renderer = Inquiry{}

// Inquiry returns the PDF.
func (Inquiry) Inquiry(in inquiry.Inquiry, tenant organisation.Tenant) ([]byte, error) {
	doc := fpdf.New("P", "mm", "A4", "")
	title := "Parcel inquiry " + in.TrackingNumber
	doc.SetTitle(title, true)
	doc.SetCreator("parcel portal", true)
	// The core fonts speak cp1252, which covers de, en, es, it and nl.
	tr := doc.UnicodeTranslatorFromDescriptor("")
	doc.AddPage()
	doc.SetFont("Helvetica", "B", 15)
	doc.MultiCell(0, 8, tr(title), "", "L", false)
	doc.SetFont("Helvetica", "", 10)
	doc.MultiCell(0, 5, tr(tenant.Name+" - "+inquiries.AddressText(tenant.Address)), "", "L", false)
	doc.MultiCell(0, 5, tr("Filed "+in.CreatedAt.UTC().Format("2006-01-02 15:04")+" UTC"+by(in.CreatedBy)), "", "L", false)
	section := func(heading string, rows [][2]string) {
		doc.Ln(3)
		doc.SetFont("Helvetica", "B", 12)
		doc.MultiCell(0, 7, tr(heading), "B", "L", false)
		for _, r := range rows {
			if strings.TrimSpace(r[1]) == "" {
				continue
			}
			doc.SetFont("Helvetica", "B", 10)
			doc.CellFormat(55, 5.5, tr(r[0]), "", 0, "L", false, 0, "")
			doc.SetFont("Helvetica", "", 10)
			doc.MultiCell(0, 5.5, tr(r[1]), "", "L", false)
		}
	}
	section("Parcel", [][2]string{
		{"Tracking number", in.TrackingNumber}, {"Date of posting", in.PostedOn.Format("2006-01-02")},
		{"Product", in.Product}, {"Insurance", in.Insurance}, {"Reason", in.Reason}, {"Reason details", in.ReasonText},
	})
	party := func(heading string, p inquiry.Party) {
		section(heading, [][2]string{
			{"Name", p.Name}, {"Street", p.Street}, {"Zip code", p.ZipCode}, {"City", p.City}, {"Country", p.Country},
			{"Customer number", p.Crmid}, {"Contact person", p.ContactPerson}, {"Phone", p.ContactPhone}, {"E-mail", p.ContactEmail},
		})
	}
	party("Sender", in.Sender)
	party("Recipient", in.Recipient)
	var files []string
	for _, a := range in.Attachments {
		files = append(files, a.FileName)
	}
	section("Content", [][2]string{
		{"Description", in.ContentDescription}, {"Value", in.ContentValue}, {"Attachments", strings.Join(files, ", ")},
	})
	var buf bytes.Buffer
	if err := doc.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func by(login string) string {
	if login == "" {
		return " (anonymous visitor)"
	}
	return " by " + login
}
