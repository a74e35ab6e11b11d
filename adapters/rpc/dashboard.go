package rpc

import (
	"context"
	"math"

	"connectrpc.com/connect"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/dashboards"
)

// DashboardHandler serves portal.v1.DashboardService.
type DashboardHandler struct{ Dashboard dashboards.Service }

// count32 keeps a count within the message's int32.
func count32(n int64) int32 { return int32(min(n, math.MaxInt32)) }

// ListParcelsPerCountry answers the customer's parcels per country.
func (h DashboardHandler) ListParcelsPerCountry(ctx context.Context, req *connect.Request[portalv1.ListParcelsPerCountryRequest]) (*connect.Response[portalv1.ListParcelsPerCountryResponse], error) {
	counts, err := h.Dashboard.PerCountry(ctx, callerFrom(ctx), req.Msg.GetCustomerId())
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListParcelsPerCountryResponse{Countries: make([]*portalv1.ParcelsPerCountry, 0, len(counts))}
	for _, c := range counts {
		out.Countries = append(out.Countries, &portalv1.ParcelsPerCountry{IsoCountry: c.Country, ParcelCount: count32(c.Count)})
	}
	return connect.NewResponse(out), nil
}

// GetParcelsInCountry answers the country search.
func (h DashboardHandler) GetParcelsInCountry(ctx context.Context, req *connect.Request[portalv1.GetParcelsInCountryRequest]) (*connect.Response[portalv1.GetParcelsInCountryResponse], error) {
	m := req.Msg
	n, err := h.Dashboard.InCountries(ctx, callerFrom(ctx), m.GetCustomerId(), m.GetCountries(), m.GetFrom(), m.GetTo())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetParcelsInCountryResponse{Count: count32(n)}), nil
}

// GetShipmentTracking reads a parcel's journey for the tracking box.
func (h DashboardHandler) GetShipmentTracking(ctx context.Context, req *connect.Request[portalv1.GetShipmentTrackingRequest]) (*connect.Response[portalv1.GetShipmentTrackingResponse], error) {
	p, err := h.Dashboard.Track(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	out := &portalv1.GetShipmentTrackingResponse{ActiveStep: int32(p.ActiveStep), Untracked: p.Untracked,
		TrackingId: p.TrackingID, ProductCode: p.ProductCode, Events: make([]*portalv1.ShipmentTrackingEvent, 0, len(p.Events))}
	for i, e := range p.Events {
		out.Events = append(out.Events, &portalv1.ShipmentTrackingEvent{Code: e.HarmonizedCode, CarrierEventDescription: e.RawDesc,
			LocationName: e.LocationName, Time: timeText(e.Time), Position: int32(i + 1)})
	}
	return connect.NewResponse(out), nil
}
