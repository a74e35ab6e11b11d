package rpc

import (
	"context"
	"strconv"
	"time"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/httpbody"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/trackingsearch"
	"parcelportal/core/inquiry"
	"parcelportal/core/tracking"
)

// TrackingHandler serves portal.v1.TrackingService.
type TrackingHandler struct {
	Tracking trackingsearch.Service
	// Now is the clock of export file names; nil means time.Now.
	Now func() time.Time
}

// criteriaOf maps the search form's criteria; the first date type with a
// range is the one searched.
func criteriaOf(in *portalv1.TrackingSearchCriteria, meta *portalv1.TrackingMeta) (tracking.Criteria, tracking.Meta) {
	c := tracking.Criteria{IDs: in.GetIds(), ProductCode: in.GetProductCode(), Destination: in.GetDestination(), Origin: in.GetOrigin(),
		RecipientName: in.GetRecipientName(), Forward: in.GetForward(), SearchAfter: in.GetSearchAfter(), Customers: in.GetCustomer()}
	if in != nil && in.Status != nil {
		status := int(in.GetStatus())
		c.Status = &status
	}
	for _, d := range []struct {
		name string
		r    *portalv1.TrackingDateRange
	}{{tracking.ShipmentDate, in.GetShipmentDate()}, {tracking.DateShipped, in.GetDateShipped()}, {tracking.DeliveryDate, in.GetDeliveryDate()}} {
		if d.r != nil {
			c.DateType, c.From, c.To = d.name, d.r.GetStartDate(), d.r.GetEndDate()
			break
		}
	}
	m := tracking.Meta{SortField: meta.GetSortField(), SortOrder: meta.GetSortOrder(), PageSize: int(meta.GetPageSize()), PageNo: int(meta.GetPageNo())}
	return c, m
}

// SearchTracking finds parcels.
func (h TrackingHandler) SearchTracking(ctx context.Context, req *connect.Request[portalv1.SearchTrackingRequest]) (*connect.Response[portalv1.SearchTrackingResponse], error) {
	c, m := criteriaOf(req.Msg.GetSearchCriteria(), req.Msg.GetMeta())
	res, err := h.Tracking.Search(ctx, callerFrom(ctx), c, m)
	if err != nil {
		return nil, err
	}
	out := &portalv1.SearchTrackingResponse{Total: int64(res.Total), Internal: res.Internal, Fulfillment: res.Fulfillment, Data: make([]*portalv1.TrackingRow, 0, len(res.Rows))}
	for _, r := range res.Rows {
		out.Data = append(out.Data, &portalv1.TrackingRow{
			FtId: r.FtID, CustomerId: r.CustomerID, CustomerName: r.CustomerName, SubsidiaryName: r.SubsidiaryName, CarrierName: r.CarrierName,
			SenderName: r.SenderName, RecipientName: r.RecipientName, OriginCountryName: r.OriginCountryName,
			DestinationCountryName: r.DestinationCountryName, OrderId: r.OrderID, TrackingId: r.TrackingID, ShipmentDate: timeText(r.ShipmentDate),
			DateShipped: timeText(r.DateShipped), DeliveryDate: timeText(r.DeliveryDate), ProductCode: r.ProductCode,
			LatestHarmonizedDesc: r.LatestHarmonizedDesc, LatestHarmonizedCode: r.LatestHarmonizedCode, Sort: r.Sort, Untracked: r.Untracked,
			ParcelInquiry: inquiryMarkOf(res.Inquiries, r.TrackingID),
		})
	}
	answer := connect.NewResponse(out)
	answer.Header().Set("X-Total-Count", strconv.Itoa(res.Total))
	return answer, nil
}

func eventsOf(es []tracking.Event) []*portalv1.TrackingEvent {
	out := make([]*portalv1.TrackingEvent, 0, len(es))
	for _, e := range es {
		out = append(out, &portalv1.TrackingEvent{HarmonizedCode: e.HarmonizedCode, LocationName: e.LocationName, EventTime: timeText(e.Time),
			EventSource: e.Source, EventCode1: e.Code1, EventRawDesc: e.RawDesc, CustomerService: e.CustomerService})
	}
	return out
}

func receiverOf(p tracking.Party) *portalv1.TrackingReceiver {
	return &portalv1.TrackingReceiver{RecipientName: p.Name, RecipientAddress1: p.Address1, RecipientAddress2: p.Address2, RecipientAddress3: p.Address3,
		RecipientCity: p.City, RecipientZip: p.Zip, RecipientCountry: p.Country, RecipientEmail: p.Email, RecipientPhone: p.Phone}
}

func senderOf(p tracking.Party) *portalv1.TrackingSender {
	return &portalv1.TrackingSender{SenderName: p.Name, SenderAddress1: p.Address1, SenderAddress2: p.Address2, SenderAddress3: p.Address3,
		SenderCity: p.City, SenderZip: p.Zip, SenderCountry: p.Country, SenderEmail: p.Email, SenderPhone: p.Phone}
}

// GetTrackingParcel reads a parcel's details.
func (h TrackingHandler) GetTrackingParcel(ctx context.Context, req *connect.Request[portalv1.GetTrackingParcelRequest]) (*connect.Response[portalv1.GetTrackingParcelResponse], error) {
	p, err := h.Tracking.Parcel(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	d := p.Detail
	return connect.NewResponse(&portalv1.GetTrackingParcelResponse{Detail: &portalv1.TrackingDetail{
		TrackingId: d.TrackingID, FtId: d.FtID,
		ShipmentData: &portalv1.TrackingShipmentData{Origin: d.Origin, Destination: d.Destination, ShipmentDate: timeText(d.ShipmentDate),
			DestinationCca2: d.DestinationCCA2, ProductDescription: d.ProductDescription, ProductCode: d.ProductCode},
		ParcelData: &portalv1.TrackingParcelData{ParcelWeight: d.Weight, ParcelQuantity: int32(d.Quantity), CustomerId: d.CustomerID,
			ProductDescription: d.ProductDescription},
		CarrierName: d.CarrierName, LastMileCarrier: d.LastMileCarrier, LastMileCarrierUrl: d.LastMileCarrierURL,
		CurrentReceptacleId: d.CurrentReceptacleID,
		CustomerName:        &portalv1.TrackingCustomerName{CustomerName: d.CustomerName, Subsidiary: d.Subsidiary},
		ReceiverDetails:     receiverOf(d.Receiver), SenderDetails: senderOf(d.Sender), TrackingEvents: eventsOf(d.Events),
		Untracked: p.Untracked, ActiveStep: int32(p.ActiveStep), Internal: p.Internal,
	}, InquiryProduct: enumOf[portalv1.InquiryProduct](portalv1.InquiryProduct_value, p.InquiryProduct)}), nil
}

// GetTrackingEvents reads a parcel's events.
func (h TrackingHandler) GetTrackingEvents(ctx context.Context, req *connect.Request[portalv1.GetTrackingEventsRequest]) (*connect.Response[portalv1.GetTrackingEventsResponse], error) {
	es, untracked, err := h.Tracking.Events(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetTrackingEventsResponse{TrackingEvents: eventsOf(es), Untracked: untracked}), nil
}

// GetTrackingReceiver reads a parcel's recipient.
func (h TrackingHandler) GetTrackingReceiver(ctx context.Context, req *connect.Request[portalv1.GetTrackingReceiverRequest]) (*connect.Response[portalv1.GetTrackingReceiverResponse], error) {
	p, err := h.Tracking.Receiver(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetTrackingReceiverResponse{Receiver: receiverOf(p)}), nil
}

// GetTrackingSender reads a parcel's sender.
func (h TrackingHandler) GetTrackingSender(ctx context.Context, req *connect.Request[portalv1.GetTrackingSenderRequest]) (*connect.Response[portalv1.GetTrackingSenderResponse], error) {
	p, err := h.Tracking.Sender(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetTrackingSenderResponse{Sender: senderOf(p)}), nil
}

// ListTrackingProducts lists the products.
func (h TrackingHandler) ListTrackingProducts(ctx context.Context, _ *connect.Request[portalv1.ListTrackingProductsRequest]) (*connect.Response[portalv1.ListTrackingProductsResponse], error) {
	ps, err := h.Tracking.Products(ctx, callerFrom(ctx))
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListTrackingProductsResponse{Products: make([]*portalv1.TrackingProduct, 0, len(ps))}
	for _, p := range ps {
		out.Products = append(out.Products, &portalv1.TrackingProduct{ProductCode: p.Code, ProductDescription: p.Description})
	}
	return connect.NewResponse(out), nil
}

func (h TrackingHandler) export(ctx context.Context, criteria *portalv1.TrackingSearchCriteria, meta *portalv1.TrackingMeta, format string) (trackingsearch.File, *httpbody.HttpBody, error) {
	now := time.Now
	if h.Now != nil {
		now = h.Now
	}
	c, m := criteriaOf(criteria, meta)
	f, err := h.Tracking.Export(ctx, callerFrom(ctx), c, m, format, now())
	if err != nil {
		return f, nil, err
	}
	return f, &httpbody.HttpBody{ContentType: f.ContentType, Data: f.Content}, nil
}

// ExportTrackingCsv sends the parcels found as CSV.
func (h TrackingHandler) ExportTrackingCsv(ctx context.Context, req *connect.Request[portalv1.ExportTrackingCsvRequest]) (*connect.Response[portalv1.ExportTrackingCsvResponse], error) {
	f, body, err := h.export(ctx, req.Msg.GetSearchCriteria(), req.Msg.GetMeta(), tracking.CSV)
	if err != nil {
		return nil, err
	}
	return attachment(connect.NewResponse(&portalv1.ExportTrackingCsvResponse{File: body}), f.Name), nil
}

// ExportTrackingExcel sends the parcels found as XLSX.
func (h TrackingHandler) ExportTrackingExcel(ctx context.Context, req *connect.Request[portalv1.ExportTrackingExcelRequest]) (*connect.Response[portalv1.ExportTrackingExcelResponse], error) {
	f, body, err := h.export(ctx, req.Msg.GetSearchCriteria(), req.Msg.GetMeta(), tracking.Excel)
	if err != nil {
		return nil, err
	}
	return attachment(connect.NewResponse(&portalv1.ExportTrackingExcelResponse{File: body}), f.Name), nil
}

// inquiryMarkOf is the row's latest parcel inquiry; nil for none.
func inquiryMarkOf(marks map[string]inquiry.Mark, trackingID string) *portalv1.ParcelInquiryMark {
	m, ok := marks[trackingID]
	if !ok {
		return nil
	}
	return &portalv1.ParcelInquiryMark{CreatedAt: timeText(m.CreatedAt), CreatedBy: m.CreatedBy}
}
