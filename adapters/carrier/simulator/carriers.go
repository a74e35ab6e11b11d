package simulator

import (
	"net/http"
	"strings"
)

// Carriers is the aggregator's (ShippyPro's) carrier list as the
// simulator serves it on GET /carriers.csv: carrier code, name and the
// countries it delivers to.
var Carriers = [][3]string{
	{"AUSTRIANPOST", "Österreichische Post", "AT"},
	{"BPOST", "bpost", "BE"},
	{"COLISSIMO", "La Poste Colissimo", "FR"},
	{"CORREOS", "Correos", "ES"},
	{"DHL", "DHL Paket", "DE|AT|NL|BE"},
	{"DPD", "DPD", "DE|AT|FR|NL|BE|PL|CZ"},
	{"GLS", "GLS", "DE|AT|IT|DK|HU"},
	{"POSTEITALIANE", "Poste Italiane", "IT"},
	{"POSTNL", "PostNL", "NL|BE"},
	{"POSTNORD", "PostNord", "SE|DK|FI"},
	{"ROYALMAIL", "Royal Mail", "GB"},
	{"SWISSPOST", "Swiss Post", "CH"},
	{"UPS", "UPS", "*"},
}

// serveCarriers answers GET /carriers.csv to the API login the simulator
// accepts (HTTP basic: Username and Password), 401 to any other, and 503
// while Config.CarrierListFault is set.
func (s *Simulator) serveCarriers(w http.ResponseWriter, r *http.Request) {
	if s.Config().CarrierListFault {
		http.Error(w, "the carrier list is unavailable", http.StatusServiceUnavailable)
		return
	}
	user, password, ok := r.BasicAuth()
	if !ok || user != Username || password != Password {
		w.Header().Set("WWW-Authenticate", `Basic realm="carriers"`)
		http.Error(w, "unknown API login", http.StatusUnauthorized)
		return
	}
	var b strings.Builder
	b.WriteString("carrier_code,carrier_name,countries\r\n")
	for _, c := range Carriers {
		b.WriteString(c[0] + "," + c[1] + "," + c[2] + "\r\n")
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	_, _ = w.Write([]byte(b.String()))
}
