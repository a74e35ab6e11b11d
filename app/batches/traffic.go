package batches

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"parcelportal/core/access"
	"parcelportal/core/batch"
)

// Traffic (admins) sends every SOAP request or response exchanged for the
// batch, in order, as one well-formed XML document: a traffic element with
// one exchange element per call, naming its operation, shipment and time,
// around the envelope as it went over the wire (without its own XML
// declaration, which may only start a document).
func (s Service) Traffic(ctx context.Context, caller *access.Caller, id int64, kind string) (File, error) {
	if !caller.IsAdmin() {
		return File{}, batch.ErrAdminAccessOnly
	}
	responses, err := batch.TrafficKind(kind)
	if err != nil {
		return File{}, err
	}
	if _, err := s.visible(ctx, caller, id); err != nil {
		return File{}, err
	}
	exchanges, err := s.Exchanges.Traffic(ctx, id, responses)
	if err != nil {
		return File{}, err
	}
	return TrafficFile("batch", id, kind, exchanges), nil
}

// TrafficFile is the download of a batch's or a shipment's traffic document
// (of: batch or shipment), named after it and the kind.
func TrafficFile(of string, id int64, kind string, exchanges []Exchange) File {
	return File{Name: fmt.Sprintf("%s-%d-%ss.xml", of, id, kind), ContentType: ContentXML, Data: TrafficDocument(of, id, kind, exchanges)}
}

// TrafficDocument writes the traffic document of a batch or a shipment (of
// names the root's id attribute: batch or shipment). A text that is not
// well-formed XML (a carrier that answered an HTML error page, a call whose
// answer never came) goes in as escaped text, so the document stays
// well-formed whatever the carrier sent.
func TrafficDocument(of string, id int64, kind string, exchanges []Exchange) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	fmt.Fprintf(&b, "<traffic %s=\"%d\" kind=\"%s\">\n", of, id, kind)
	for _, e := range exchanges {
		b.WriteString(`<exchange operation="`)
		_ = xml.EscapeText(&b, []byte(e.Operation))
		b.WriteString(`"`)
		if e.ShipmentID != 0 {
			b.WriteString(` shipment="` + strconv.FormatInt(e.ShipmentID, 10) + `"`)
		}
		if !e.At.IsZero() {
			b.WriteString(` at="` + e.At.UTC().Format(time.RFC3339Nano) + `"`)
		}
		b.WriteString(">\n")
		if body, ok := element(e.Text); ok {
			b.WriteString(body)
		} else {
			_ = xml.EscapeText(&b, []byte(e.Text))
		}
		b.WriteString("\n</exchange>\n")
	}
	b.WriteString("</traffic>\n")
	return b.Bytes()
}

// element answers the text without its XML declaration when what is left
// is one well-formed element (comments and white space around it allowed).
func element(text string) (string, bool) {
	body := strings.TrimPrefix(strings.TrimSpace(text), "\ufeff")
	if strings.HasPrefix(body, "<?xml") {
		end := strings.Index(body, "?>")
		if end < 0 {
			return "", false
		}
		body = strings.TrimSpace(body[end+2:])
	}
	d := xml.NewDecoder(strings.NewReader(body))
	depth, roots := 0, 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return body, depth == 0 && roots == 1
		}
		if err != nil {
			return "", false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				roots++
			}
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			if depth == 0 && len(bytes.TrimSpace(t)) > 0 {
				return "", false
			}
		case xml.ProcInst, xml.Directive:
			// A second declaration or a DOCTYPE cannot sit inside an element.
			return "", false
		}
	}
}
