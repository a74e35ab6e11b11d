package rpc

import (
	"context"
	"mime"
	"strings"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/httpbody"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/customers"
	"parcelportal/core/access"
	"parcelportal/core/customer"
)

// CustomerHandler serves portal.v1.CustomerService.
type CustomerHandler struct{ Customers customers.Service }

// ListCustomers pages the caller's customers; X-Total-Count carries the total.
func (h CustomerHandler) ListCustomers(ctx context.Context, req *connect.Request[portalv1.ListCustomersRequest]) (*connect.Response[portalv1.ListCustomersResponse], error) {
	caller := callerFrom(ctx)
	m := req.Msg
	sort, desc := m.GetSort(), descending(m.GetDirection())
	// Spring-style "name,desc" is accepted too.
	if field, dir, ok := strings.Cut(sort, ","); ok {
		sort, desc = field, strings.EqualFold(dir, "desc")
	}
	list, total, err := h.Customers.List(ctx, caller, customers.Query{
		Page: int(m.GetPage()), Size: int(m.GetSize()), Sort: sort, Descending: desc,
		Name: m.GetName(), CRMID: m.GetCrmid(),
	})
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListCustomersResponse{TotalCount: int64(total), Customers: []*portalv1.Customer{}}
	for _, c := range list {
		out.Customers = append(out.Customers, customerToProto(c, caller))
	}
	return withTotal(connect.NewResponse(out), total), nil
}

// GetCustomer returns one customer without credentials.
func (h CustomerHandler) GetCustomer(ctx context.Context, req *connect.Request[portalv1.GetCustomerRequest]) (*connect.Response[portalv1.GetCustomerResponse], error) {
	caller := callerFrom(ctx)
	c, err := h.Customers.Get(ctx, caller, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetCustomerResponse{Customer: customerFields(c, caller)}), nil
}

// GetCustomerFull returns the customer for the form.
func (h CustomerHandler) GetCustomerFull(ctx context.Context, req *connect.Request[portalv1.GetCustomerFullRequest]) (*connect.Response[portalv1.GetCustomerFullResponse], error) {
	caller := callerFrom(ctx)
	c, err := h.Customers.Get(ctx, caller, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetCustomerFullResponse{Customer: customerToProto(c, caller)}), nil
}

// CreateCustomer stores a new customer.
func (h CustomerHandler) CreateCustomer(ctx context.Context, req *connect.Request[portalv1.CreateCustomerRequest]) (*connect.Response[portalv1.CreateCustomerResponse], error) {
	caller := callerFrom(ctx)
	c, err := h.Customers.Create(ctx, caller, customerFromProto(req.Msg.GetCustomer()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateCustomerResponse{Customer: customerToProto(c, caller)}), nil
}

// UpdateCustomer saves the form.
func (h CustomerHandler) UpdateCustomer(ctx context.Context, req *connect.Request[portalv1.UpdateCustomerRequest]) (*connect.Response[portalv1.UpdateCustomerResponse], error) {
	caller := callerFrom(ctx)
	c, err := h.Customers.Update(ctx, caller, customerFromProto(req.Msg.GetCustomer()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.UpdateCustomerResponse{Customer: customerToProto(c, caller)}), nil
}

// DeleteCustomer removes a customer.
func (h CustomerHandler) DeleteCustomer(ctx context.Context, req *connect.Request[portalv1.DeleteCustomerRequest]) (*connect.Response[portalv1.DeleteCustomerResponse], error) {
	caller := callerFrom(ctx)
	if err := h.Customers.Delete(ctx, caller, req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.DeleteCustomerResponse{}), nil
}

// GetPrinterSettings returns the label type, shown as PDF or ZPL.
func (h CustomerHandler) GetPrinterSettings(ctx context.Context, req *connect.Request[portalv1.GetPrinterSettingsRequest]) (*connect.Response[portalv1.GetPrinterSettingsResponse], error) {
	caller := callerFrom(ctx)
	lt, err := h.Customers.PrinterSettings(ctx, caller, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetPrinterSettingsResponse{PrinterSettings: &portalv1.PrinterSettings{LabelType: given(labelTypeToProto(customer.LabelTypeShown(lt)))}}), nil
}

// UpdatePrinterSettings changes the label type.
func (h CustomerHandler) UpdatePrinterSettings(ctx context.Context, req *connect.Request[portalv1.UpdatePrinterSettingsRequest]) (*connect.Response[portalv1.UpdatePrinterSettingsResponse], error) {
	caller := callerFrom(ctx)
	lt, err := h.Customers.SetPrinterSettings(ctx, caller, req.Msg.GetId(), nameOf(req.Msg.GetPrinterSettings().GetLabelType()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.UpdatePrinterSettingsResponse{PrinterSettings: &portalv1.PrinterSettings{LabelType: given(labelTypeToProto(customer.LabelTypeShown(lt)))}}), nil
}

// UpdateAutoManifest saves the schedule.
func (h CustomerHandler) UpdateAutoManifest(ctx context.Context, req *connect.Request[portalv1.UpdateAutoManifestRequest]) (*connect.Response[portalv1.UpdateAutoManifestResponse], error) {
	caller := callerFrom(ctx)
	a, err := h.Customers.SetAutoManifest(ctx, caller, req.Msg.GetId(), autoManifestFromProto(req.Msg.GetAutoManifestDayTime()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.UpdateAutoManifestResponse{AutoManifestDayTime: autoManifestToProto(a)}), nil
}

// SetGtcAccepted ticks or unticks the terms.
func (h CustomerHandler) SetGtcAccepted(ctx context.Context, req *connect.Request[portalv1.SetGtcAcceptedRequest]) (*connect.Response[portalv1.SetGtcAcceptedResponse], error) {
	caller := callerFrom(ctx)
	c, err := h.Customers.SetConsent(ctx, caller, req.Msg.GetId(), customer.ConsentGTC, req.Msg.GetAccepted())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.SetGtcAcceptedResponse{Customer: customerToProto(c, caller)}), nil
}

// SetCiPricingAccepted ticks or unticks the pricing terms.
func (h CustomerHandler) SetCiPricingAccepted(ctx context.Context, req *connect.Request[portalv1.SetCiPricingAcceptedRequest]) (*connect.Response[portalv1.SetCiPricingAcceptedResponse], error) {
	caller := callerFrom(ctx)
	c, err := h.Customers.SetConsent(ctx, caller, req.Msg.GetId(), customer.ConsentCIPricing, req.Msg.GetAccepted())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.SetCiPricingAcceptedResponse{Customer: customerToProto(c, caller)}), nil
}

// SetSellerEoris enters the seller EORIs of the invoice consent gate.
func (h CustomerHandler) SetSellerEoris(ctx context.Context, req *connect.Request[portalv1.SetSellerEorisRequest]) (*connect.Response[portalv1.SetSellerEorisResponse], error) {
	entries := make([]customers.SellerEORI, len(req.Msg.GetCustomers()))
	for i, c := range req.Msg.GetCustomers() {
		entries[i] = customers.SellerEORI{CustomerID: c.GetId(), EORI: c.GetSellerEori()}
	}
	if err := h.Customers.SetSellerEORIs(ctx, callerFrom(ctx), entries); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.SetSellerEorisResponse{}), nil
}

// CheckApiCredentials tests credentials against the named service.
func (h CustomerHandler) CheckApiCredentials(ctx context.Context, req *connect.Request[portalv1.CheckApiCredentialsRequest]) (*connect.Response[portalv1.CheckApiCredentialsResponse], error) {
	caller := callerFrom(ctx)
	m := req.Msg
	target := m.GetType()
	if target == "" {
		url := strings.TrimSuffix(strings.TrimSuffix(m.GetApiUrl(), "/_check-api-credentials"), "/")
		target = url[strings.LastIndex(url, "/")+1:]
	}
	ok, err := h.Customers.CheckCredentials(ctx, caller, m.GetCustomerId(), customers.CredentialCheck{
		Target: strings.ToLower(target), Username: m.GetUsername(), Password: m.GetPassword(),
		APIKey: m.GetApiKey(), AccessKey: m.GetAccessKey(), Version: nameOf(m.GetVersion()),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CheckApiCredentialsResponse{Valid: ok}), nil
}

// DownloadCarriersCsv sends the aggregator's carrier list.
func (h CustomerHandler) DownloadCarriersCsv(ctx context.Context, req *connect.Request[portalv1.DownloadCarriersCsvRequest]) (*connect.Response[portalv1.DownloadCarriersCsvResponse], error) {
	m := req.Msg
	csv, err := h.Customers.DownloadCarriersCSV(ctx, callerFrom(ctx), m.GetCustomerId(), m.GetUsername(), m.GetPassword())
	if err != nil {
		return nil, err
	}
	body := &httpbody.HttpBody{ContentType: "text/csv; charset=utf-8", Data: csv}
	return attachment(connect.NewResponse(&portalv1.DownloadCarriersCsvResponse{File: body}), customer.CarriersFileName), nil
}

// GetGtcDocument sends the terms as PDF.
func (h CustomerHandler) GetGtcDocument(ctx context.Context, req *connect.Request[portalv1.GetGtcDocumentRequest]) (*connect.Response[portalv1.GetGtcDocumentResponse], error) {
	country := strings.ToUpper(req.Msg.GetCountry())
	doc, err := h.Customers.GTCDocument(ctx, callerFrom(ctx), country)
	if err != nil {
		return nil, err
	}
	res := connect.NewResponse(&portalv1.GetGtcDocumentResponse{File: &httpbody.HttpBody{ContentType: "application/pdf", Data: doc}})
	res.Header().Set("Content-Disposition", mime.FormatMediaType("inline", map[string]string{"filename": "gtc-" + country + ".pdf"}))
	return res, nil
}

// GetGtcPages returns the terms as text pages.
func (h CustomerHandler) GetGtcPages(ctx context.Context, req *connect.Request[portalv1.GetGtcPagesRequest]) (*connect.Response[portalv1.GetGtcPagesResponse], error) {
	t, err := customers.GTCTerms(req.Msg.GetCountry())
	if err != nil {
		return nil, err
	}
	out := &portalv1.GetGtcPagesResponse{Language: t.Language, Title: t.Title}
	for _, p := range t.Pages {
		out.Pages = append(out.Pages, &portalv1.GtcPage{Heading: p.Heading, Paragraphs: p.Paragraphs})
	}
	return connect.NewResponse(out), nil
}

func refOf(id int64, name string) *portalv1.Ref {
	if id <= 0 {
		return nil
	}
	return &portalv1.Ref{Id: id, Name: name}
}

// timeText is how answers give a time: RFC 3339 in UTC, empty for none.
func timeText(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func autoManifestToProto(a customer.AutoManifest) *portalv1.AutoManifestDayTime {
	return &portalv1.AutoManifestDayTime{Active: a.Active, Time: a.Time, Days: a.Days}
}

func autoManifestFromProto(a *portalv1.AutoManifestDayTime) customer.AutoManifest {
	return customer.AutoManifest{Active: a.GetActive(), Time: a.GetTime(), Days: a.GetDays()}
}

// customerToProto maps a customer as the caller may see it: the use cases
// have already masked or removed the credentials.
// customerToProto maps a customer with its credentials for admins (masked by
// the view), without them for everyone else.
func customerToProto(c customer.Customer, caller *access.Caller) *portalv1.Customer {
	out := customerFields(c, caller)
	if caller.IsAdmin() {
		cr := c.Credentials
		out.ApiPassword, out.TrackingPassword, out.FulltrackAccessKey = cr.APIPassword, cr.TrackingPassword, cr.FulltrackAccessKey
		out.FulltrackRefreshToken, out.FulltrackApiKey = cr.FulltrackRefreshToken, cr.FulltrackAPIKey
		out.CognitoClientId, out.CognitoClientSecret = cr.CognitoClientID, cr.CognitoClientSecret
		out.A1ApiKey, out.A1Username, out.A1Password, out.A1ProcessingPoint = cr.A1APIKey, cr.A1Username, cr.A1Password, cr.A1ProcessingPoint
		out.ShippyProApiKey, out.GrpApiUsername, out.GrpApiPassword = cr.ShippyProAPIKey, cr.GRPAPIUsername, cr.GRPAPIPassword
	}
	return out
}

// customerFields maps everything of a customer but its credentials; whether
// tracking is enabled still counts a fulltrack key.
func customerFields(c customer.Customer, caller *access.Caller) *portalv1.Customer {
	act := customer.Actor{Admin: caller.IsAdmin(), CanAct: caller.CanActFor(c.ID), FormRole: caller.MayUseForms()}
	country, supported := customer.GTCCountry(c.CRMID)
	if !supported {
		country = ""
	}
	out := &portalv1.Customer{
		Id: c.ID, Name: c.Name, Crmid: c.CRMID, ApiUsername: c.APIUsername,
		SenderTaxId: c.SenderTaxID, SenderTaxIdCountries: []string{"GB"},
		TaxNumber: c.TaxNumber, TaxNumberCountries: []string{"BR"},
		Address: &portalv1.CustomerAddress{Street: c.Address.Street, AdditionalAddress: c.Address.AdditionalAddress,
			ZipCode: c.Address.ZipCode, City: c.Address.City, Region: c.Address.Region,
			CountryCode: c.Address.CountryCode, Phone: c.Address.Phone},
		Hub:                           refOf(c.HubID, c.HubName),
		ShouldIncreaseReferenceNumber: c.ShouldIncreaseReferenceNumber,
		ManifestType:                  given(manifestTypeToProto(c.ManifestType)),
		LabelType:                     given(labelTypeToProto(c.LabelType)),
		Language:                      c.Language,
		ApiClient:                     given(apiClientToProto(c.APIClient)),
		Acss:                          refOf(c.AcssID, ""),
		IsCommercialInvoiceChargeable: c.IsCommercialInvoiceChargeable,
		GtcAccepted:                   c.GTC.Accepted, GtcAcceptedAt: timeText(c.GTC.At), GtcAcceptedBy: c.GTC.By,
		CiPricingAccepted: c.CIPricing.Accepted, CiPricingAcceptedAt: timeText(c.CIPricing.At), CiPricingAcceptedBy: c.CIPricing.By,
		SellerEori:          c.SellerEORI,
		ManifestEmails:      c.ManifestEmails,
		AutoManifestDayTime: autoManifestToProto(c.AutoManifest),
		FulltrackVersion:    given(fulltrackVersionToProto(c.FulltrackVersion)), GrpEnabled: c.GRPEnabled, TrackingUsername: c.TrackingUsername,
		Currency:          c.Currency,
		GtcEditable:       customer.ConsentEditable(customer.ConsentGTC, act, c),
		CiPricingEditable: customer.ConsentEditable(customer.ConsentCIPricing, act, c),
		GtcCountry:        country,
		TrackingEnabled:   c.TrackingEnabled(),
	}
	for _, id := range c.FulfillmentIDs {
		out.Fulfillments = append(out.Fulfillments, &portalv1.Ref{Id: id})
	}
	for _, r := range c.ManifestingRules {
		out.ManifestingRules = append(out.ManifestingRules, &portalv1.ManifestingRule{Destination: r.Destination, Product: r.Product,
			Service: r.Service, AdditionalOptions: r.AdditionalOptions, ManifestType: given(manifestTypeToProto(r.ManifestType)), Hub: refOf(r.HubID, "")})
	}
	for _, f := range c.AvailableFeatures {
		out.AvailableFeatures = append(out.AvailableFeatures, &portalv1.AvailableFeature{Product: f.Product, Service: f.Service, Options: f.Options})
	}
	for _, t := range c.EORICountryThresholds {
		out.EoriCountryThresholds = append(out.EoriCountryThresholds, &portalv1.EoriCountryThreshold{Destination: t.Destination, EoriThreshold: t.EORIThreshold})
	}
	return out
}

func customerFromProto(p *portalv1.Customer) customer.Customer {
	a := p.GetAddress()
	c := customer.Customer{
		ID: p.GetId(), Name: p.GetName(), CRMID: p.GetCrmid(), APIUsername: p.GetApiUsername(),
		SenderTaxID: p.GetSenderTaxId(), TaxNumber: p.GetTaxNumber(),
		Address: customer.Address{Street: a.GetStreet(), AdditionalAddress: a.GetAdditionalAddress(), ZipCode: a.GetZipCode(),
			City: a.GetCity(), Region: a.GetRegion(), CountryCode: a.GetCountryCode(), Phone: a.GetPhone()},
		HubID:                         max(p.GetHub().GetId(), 0),
		ShouldIncreaseReferenceNumber: p.GetShouldIncreaseReferenceNumber(),
		ManifestType:                  nameOf(p.GetManifestType()),
		LabelType:                     nameOf(p.GetLabelType()),
		Language:                      p.GetLanguage(),
		APIClient:                     nameOf(p.GetApiClient()),
		AcssID:                        max(p.GetAcss().GetId(), 0),
		IsCommercialInvoiceChargeable: p.GetIsCommercialInvoiceChargeable(),
		SellerEORI:                    p.GetSellerEori(),
		ManifestEmails:                p.GetManifestEmails(),
		AutoManifest:                  autoManifestFromProto(p.GetAutoManifestDayTime()),
		FulltrackVersion:              nameOf(p.GetFulltrackVersion()),
		GRPEnabled:                    p.GetGrpEnabled(),
		TrackingUsername:              p.GetTrackingUsername(),
		Currency:                      p.GetCurrency(),
		Credentials: customer.Credentials{
			APIPassword: p.GetApiPassword(), TrackingPassword: p.GetTrackingPassword(),
			FulltrackAccessKey: p.GetFulltrackAccessKey(), FulltrackRefreshToken: p.GetFulltrackRefreshToken(),
			FulltrackAPIKey: p.GetFulltrackApiKey(), CognitoClientID: p.GetCognitoClientId(),
			CognitoClientSecret: p.GetCognitoClientSecret(), A1APIKey: p.GetA1ApiKey(), A1Username: p.GetA1Username(),
			A1Password: p.GetA1Password(), A1ProcessingPoint: p.GetA1ProcessingPoint(), ShippyProAPIKey: p.GetShippyProApiKey(),
			GRPAPIUsername: p.GetGrpApiUsername(), GRPAPIPassword: p.GetGrpApiPassword(),
		},
	}
	for _, f := range p.GetFulfillments() {
		if f.GetId() > 0 {
			c.FulfillmentIDs = append(c.FulfillmentIDs, f.GetId())
		}
	}
	for _, r := range p.GetManifestingRules() {
		c.ManifestingRules = append(c.ManifestingRules, customer.ManifestingRule{Destination: r.GetDestination(), Product: r.GetProduct(),
			Service: r.GetService(), AdditionalOptions: r.GetAdditionalOptions(), ManifestType: nameOf(r.GetManifestType()), HubID: max(r.GetHub().GetId(), 0)})
	}
	for _, f := range p.GetAvailableFeatures() {
		c.AvailableFeatures = append(c.AvailableFeatures, customer.Feature{Product: f.GetProduct(), Service: f.GetService(), Options: f.GetOptions()})
	}
	for _, t := range p.GetEoriCountryThresholds() {
		c.EORICountryThresholds = append(c.EORICountryThresholds, customer.EORIThreshold{Destination: t.GetDestination(), EORIThreshold: t.GetEoriThreshold()})
	}
	return c
}
