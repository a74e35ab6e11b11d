// Package wire is the JSON of the carrier's tracking API, shared by the
// client (adapters/tracking) and the simulator (adapters/tracking/simulator).
//
// Paths, under /v1 or /v3 (the fulltrack version):
//
//	POST {v}/search                     SearchRequest -> SearchResponse
//	GET  {v}/parcels/{id}               Detail
//	GET  {v}/parcels/{id}/events        []Event
//	GET  {v}/parcels/{id}/parcel-receiver Receiver
//	GET  {v}/parcels/{id}/parcel-sender Sender
//	GET  {v}/products                   []Product
//	POST {v}/export/csv, {v}/export/excel SearchRequest -> the file
//
// V1 signs in with the tracking user (HTTP Basic) and sends the fulltrack
// access key as X-Access-Key; V3 sends the fulltrack API key as X-Api-Key
// and the Cognito client as HTTP Basic. 401 is a refused account, 404 an
// unknown parcel, 400 malformed criteria, 5xx a failing service.
package wire

// DateRange is a range of days, YYYY-MM-DD, both inclusive.
type DateRange struct {
	StartDate string `json:"start_date,omitempty"`
	EndDate   string `json:"end_date,omitempty"`
}

// SearchCriteria are the search's filters; the date range is keyed by
// the date type it applies to.
type SearchCriteria struct {
	IDs           []string   `json:"ids,omitempty"`
	ShipmentDate  *DateRange `json:"shipment_date,omitempty"`
	DateShipped   *DateRange `json:"date_shipped,omitempty"`
	DeliveryDate  *DateRange `json:"delivery_date,omitempty"`
	ProductCode   string     `json:"product_code,omitempty"`
	Status        *int       `json:"status,omitempty"`
	Destination   string     `json:"destination,omitempty"`
	Origin        string     `json:"origin,omitempty"`
	RecipientName string     `json:"recipient_name,omitempty"`
	Forward       bool       `json:"forward,omitempty"`
	SearchAfter   []string   `json:"search_after,omitempty"`
	Customer      []string   `json:"customer,omitempty"`
}

// Meta is the sort and page of a search.
type Meta struct {
	SortField string `json:"sort_field,omitempty"`
	SortOrder string `json:"sort_order,omitempty"`
	PageSize  int    `json:"page_size,omitempty"`
	PageNo    int    `json:"page_no,omitempty"`
}

// SearchRequest is the body of search and export.
type SearchRequest struct {
	SearchCriteria SearchCriteria `json:"search_criteria"`
	Meta           Meta           `json:"meta"`
}

// Row is one parcel found.
type Row struct {
	FtID                   string   `json:"ft_id"`
	CustomerID             string   `json:"customer_id"`
	CustomerName           string   `json:"customer_name"`
	SubsidiaryName         string   `json:"subsidiary_name"`
	CarrierName            string   `json:"carrier_name"`
	SenderName             string   `json:"sender_name"`
	RecipientName          string   `json:"recipient_name"`
	OriginCountryName      string   `json:"origin_country_name"`
	DestinationCountryName string   `json:"destination_country_name"`
	OrderID                string   `json:"order_id"`
	TrackingID             string   `json:"tracking_id"`
	ShipmentDate           string   `json:"shipment_date"`
	DateShipped            string   `json:"date_shipped,omitempty"`
	DeliveryDate           string   `json:"delivery_date,omitempty"`
	ProductCode            string   `json:"product_code"`
	LatestHarmonizedCode   string   `json:"latest_harmonized_code"`
	LatestHarmonizedDesc   string   `json:"latest_harmonized_desc"`
	Sort                   []string `json:"sort"`
}

// SearchMeta is the total and the page answered.
type SearchMeta struct {
	Total    int `json:"total"`
	PageNo   int `json:"page_no"`
	PageSize int `json:"page_size"`
}

// SearchResponse is one page of parcels.
type SearchResponse struct {
	Data []Row      `json:"data"`
	Meta SearchMeta `json:"meta"`
}

// Event is one step of the journey; times are RFC 3339.
type Event struct {
	HarmonizedCode  string `json:"harmonized_code"`
	HarmonizedDesc  string `json:"harmonized_desc"`
	LocationName    string `json:"location_name"`
	LocationCountry string `json:"location_country"`
	EventTime       string `json:"event_time"`
	EventSource     string `json:"event_source"`
	EventCode1      string `json:"event_code1"`
	EventRawDesc    string `json:"event_raw_desc"`
	CustomerService bool   `json:"customer_service,omitempty"`
}

// Receiver is the recipient of a parcel.
type Receiver struct {
	Name     string `json:"recipient_name"`
	Address1 string `json:"recipient_address1"`
	Address2 string `json:"recipient_address2"`
	Address3 string `json:"recipient_address3"`
	City     string `json:"recipient_city"`
	Zip      string `json:"recipient_zip"`
	Country  string `json:"recipient_country"`
	Email    string `json:"recipient_email"`
	Phone    string `json:"recipient_phone"`
}

// Sender is the sender of a parcel.
type Sender struct {
	Name     string `json:"sender_name"`
	Address1 string `json:"sender_address1"`
	Address2 string `json:"sender_address2"`
	Address3 string `json:"sender_address3"`
	City     string `json:"sender_city"`
	Zip      string `json:"sender_zip"`
	Country  string `json:"sender_country"`
	Email    string `json:"sender_email"`
	Phone    string `json:"sender_phone"`
}

// ShipmentData is where and when a parcel goes.
type ShipmentData struct {
	Origin             string `json:"origin"`
	Destination        string `json:"destination"`
	ShipmentDate       string `json:"shipment_date"`
	DestinationCCA2    string `json:"destination_cca2"`
	ProductDescription string `json:"product_description"`
	ProductCode        string `json:"product_code"`
}

// ParcelData is what a parcel is and whose.
type ParcelData struct {
	Weight             float64 `json:"parcel_weight"`
	Quantity           int     `json:"parcel_quantity"`
	CustomerID         string  `json:"customer_id"`
	ProductDescription string  `json:"product_description"`
}

// CustomerName names the customer and its subsidiary.
type CustomerName struct {
	CustomerName string `json:"customer_name"`
	Subsidiary   string `json:"subsidiary"`
}

// Detail is a parcel with everything the details dialog shows.
type Detail struct {
	TrackingID          string       `json:"tracking_id"`
	FtID                string       `json:"ft_id"`
	ShipmentData        ShipmentData `json:"shipment_data"`
	ParcelData          ParcelData   `json:"parcel_data"`
	CarrierName         string       `json:"carrier_name"`
	LastMileCarrier     string       `json:"last_mile_carrier"`
	LastMileCarrierURL  string       `json:"last_mile_carrier_url"`
	CurrentReceptacleID string       `json:"current_receptacle_id"`
	CustomerName        CustomerName `json:"customer_name"`
	ReceiverDetails     Receiver     `json:"receiver_details"`
	SenderDetails       Sender       `json:"sender_details"`
	TrackingEvents      []Event      `json:"tracking_events"`
}

// Product is a product the service tracks.
type Product struct {
	ProductCode        string `json:"product_code"`
	ProductDescription string `json:"product_description"`
}

// Error is the body of a 4xx or 5xx answer.
type Error struct {
	Error string `json:"error"`
	// Fields name the criteria a 400 refused.
	Fields []string `json:"fields,omitempty"`
}
