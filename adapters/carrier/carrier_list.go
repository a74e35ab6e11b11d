package carrier

import (
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"time"

	"parcelportal/app/customers"
)

// CarrierList fetches the aggregator's carrier list (GET
// {BaseURL}/carriers.csv, HTTP basic with the customer's API login), as
// the carrier simulator serves it.
type CarrierList struct {
	BaseURL string
	HTTP    *http.Client
}

var _ customers.CarrierList = CarrierList{}

// maxCarrierList bounds what is read of the list.
const maxCarrierList = 1 << 20

// CarriersCSV answers the list; a refused login, another status, an answer
// that is not CSV or larger than 1 MiB, and a network failure are errors
// (without the credentials).
func (c CarrierList) CarriersCSV(ctx context.Context, username, password string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.BaseURL+"/carriers.csv", nil)
	if err != nil {
		return nil, err
	}
	req.SetBasicAuth(username, password)
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	res, err := hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("carrier list: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("carrier list: status %d", res.StatusCode)
	}
	if mt, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type")); mt != "text/csv" {
		return nil, fmt.Errorf("carrier list: content type %q", mt)
	}
	body, err := io.ReadAll(io.LimitReader(res.Body, maxCarrierList+1))
	if err != nil {
		return nil, fmt.Errorf("carrier list: %w", err)
	}
	if len(body) > maxCarrierList {
		return nil, fmt.Errorf("carrier list: larger than %d bytes", maxCarrierList)
	}
	return body, nil
}
