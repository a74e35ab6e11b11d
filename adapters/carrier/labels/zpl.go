package labels

import (
	"fmt"
	"strings"
)

// Dots per millimetre of 203 and 300 dpi Zebra printers.
const (
	dotsPerMM203 = 8
	dotsPerMM300 = 12
)

// ZPL renders the label for a 203 dpi Zebra printer (label type Zebra): the
// same 100 x 150 mm layout as the PDF, with the printer drawing the Code
// 128 barcode itself.
func ZPL(l Label) []byte { return zplAt(l, dotsPerMM203) }

// ZPL300 renders the label for a 300 dpi Zebra printer (label type
// Zebra300): the same layout drawn in that printer's dots, so that it comes
// out the same size, not scaled down to two thirds.
func ZPL300(l Label) []byte { return zplAt(l, dotsPerMM300) }

// zplAt draws the label in dots of dpmm dots per millimetre. Sizes are
// given at 8 dots/mm (203 dpi) and scaled, so both resolutions print the
// same millimetres.
func zplAt(l Label, dpmm int) []byte {
	var b strings.Builder
	b.Grow(1024)
	mm := func(v float64) int { return int(v * float64(dpmm)) }
	// dots converts a size in 203 dpi dots to the printer's dots.
	dots := func(d int) int { return d * dpmm / dotsPerMM203 }
	text := func(x, y float64, height int, s string) {
		if s == "" {
			return
		}
		// ^FH lets the field carry _XX hex escapes, so that ^ and ~ in an
		// address cannot end the field or start a command.
		fmt.Fprintf(&b, "^FO%d,%d^A0N,%d,%d^FH_^FD%s^FS\n", mm(x), mm(y), dots(height), dots(height), zplEscape(s))
	}
	b.WriteString("^XA\n^CI28\n")
	fmt.Fprintf(&b, "^PW%d\n^LL%d\n^LH0,0\n", mm(WidthMM), mm(HeightMM))
	fmt.Fprintf(&b, "^FO%d,%d^GB%d,%d,%d^FS\n", mm(4), mm(4), mm(92), mm(18), dots(3))
	text(6, 6, 40, "PARCEL CARRIER")
	text(6, 13, 24, "Sender hub: "+l.SenderHub)
	text(6, 17, 24, l.Date.Format("2006-01-02"))
	fmt.Fprintf(&b, "^FO%d,%d^GB%d,%d,%d^FS\n", mm(58), mm(4), mm(38), mm(18), mm(18))
	fmt.Fprintf(&b, "^FO%d,%d^FR^A0N,%d,%d^FB%d,1,0,C^FH_^FD%s^FS\n", mm(58), mm(6), dots(48), dots(48), mm(38), zplEscape(l.Product))
	fmt.Fprintf(&b, "^FO%d,%d^FR^A0N,%d,%d^FB%d,1,0,C^FH_^FD%s^FS\n", mm(58), mm(14), dots(32), dots(32), mm(38), zplEscape(l.Service))
	text(6, 25, 24, "TO")
	y := 30.0
	for _, line := range l.Receiver.Lines() {
		text(6, y, 40, line)
		y += 5.5
	}
	text(6, y+1, 24, strings.TrimSpace(l.Receiver.Mobile+"  "+l.Receiver.Email))
	fmt.Fprintf(&b, "^FO%d,%d^GB%d,0,%d^FS\n", mm(4), mm(80), mm(92), dots(3))
	y = 82
	for _, f := range [][2]string{{"Reference", l.Reference}, {"Weight (kg)", l.Weight}, {"Format", l.Format}, {"Options", l.Options}} {
		text(6, y, 24, f[0])
		text(28, y, 28, f[1])
		y += 4.5
	}
	fmt.Fprintf(&b, "^FO%d,%d^GB%d,0,%d^FS\n", mm(4), mm(102), mm(92), dots(3))
	// Code 128 with modules of about 0.37 mm (3 dots at 203 dpi, 4 at 300),
	// 28 mm high, human-readable line below.
	fmt.Fprintf(&b, "^FO%d,%d^BY%d^BCN,%d,Y,N,N^FH_^FD%s^FS\n", mm(8), mm(106), dots(3), mm(28), zplEscape(l.Identifier))
	fmt.Fprintf(&b, "^FO%d,%d^GB%d,%d,%d^FS\n", mm(2), mm(2), mm(96), mm(146), dots(3))
	b.WriteString("^XZ\n")
	return []byte(b.String())
}

// zplEscape writes the characters that ZPL reads as commands as ^FH hex escapes.
func zplEscape(s string) string {
	if !strings.ContainsAny(s, "^~_\n\r") {
		return s
	}
	r := strings.NewReplacer("_", "_5F", "^", "_5E", "~", "_7E", "\n", " ", "\r", "")
	return r.Replace(s)
}
