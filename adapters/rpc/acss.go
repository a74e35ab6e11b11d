package rpc

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/timestamppb"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/documents"
	"parcelportal/core/document"
)

// AcssHandler serves portal.v1.AcssService.
type AcssHandler struct{ Documents documents.Service }

func acssToProto(a document.Acss) *portalv1.Acss {
	return &portalv1.Acss{Id: a.ID, Name: a.Name, Description: a.Description, Csv: a.CSV, CsvContentType: "text/csv",
		FileName: a.FileName, CreatedAt: timestamppb.New(a.CreatedAt), Active: a.Active,
		Tenant: &portalv1.AcssTenant{Id: a.TenantID, Name: a.TenantName}}
}

func acssFromProto(p *portalv1.Acss) document.Acss {
	return document.Acss{ID: p.GetId(), Name: p.GetName(), Description: p.GetDescription(), CSV: p.GetCsv(),
		FileName: p.GetFileName(), Active: p.GetActive(), TenantID: max(p.GetTenant().GetId(), 0)}
}

// ListAcsses lists the files; X-Total-Count carries the total.
func (h AcssHandler) ListAcsses(ctx context.Context, _ *connect.Request[portalv1.ListAcssesRequest]) (*connect.Response[portalv1.ListAcssesResponse], error) {
	files, err := h.Documents.ListAcss(ctx, callerFrom(ctx))
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListAcssesResponse{Acsses: protos(files, acssToProto)}
	return withTotal(connect.NewResponse(out), len(files)), nil
}

// GetAcss returns one file.
func (h AcssHandler) GetAcss(ctx context.Context, req *connect.Request[portalv1.GetAcssRequest]) (*connect.Response[portalv1.GetAcssResponse], error) {
	a, err := h.Documents.GetAcss(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetAcssResponse{Acss: acssToProto(a)}), nil
}

// DownloadAcss sends the CSV.
func (h AcssHandler) DownloadAcss(ctx context.Context, req *connect.Request[portalv1.DownloadAcssRequest]) (*connect.Response[portalv1.DownloadAcssResponse], error) {
	a, err := h.Documents.GetAcss(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	body := &httpbody.HttpBody{ContentType: "text/csv; charset=utf-8", Data: a.CSV}
	return attachment(connect.NewResponse(&portalv1.DownloadAcssResponse{File: body}), a.FileName), nil
}

// CreateAcss stores a new file.
func (h AcssHandler) CreateAcss(ctx context.Context, req *connect.Request[portalv1.CreateAcssRequest]) (*connect.Response[portalv1.CreateAcssResponse], error) {
	a, err := h.Documents.CreateAcss(ctx, callerFrom(ctx), acssFromProto(req.Msg.GetAcss()))
	if err != nil {
		return nil, err
	}
	a.CSV = nil
	return connect.NewResponse(&portalv1.CreateAcssResponse{Acss: acssToProto(a)}), nil
}

// UpdateAcss changes a file.
func (h AcssHandler) UpdateAcss(ctx context.Context, req *connect.Request[portalv1.UpdateAcssRequest]) (*connect.Response[portalv1.UpdateAcssResponse], error) {
	edited := acssFromProto(req.Msg.GetAcss())
	a, err := h.Documents.UpdateAcss(ctx, callerFrom(ctx), edited.ID, edited)
	if err != nil {
		return nil, err
	}
	a.CSV = nil
	return connect.NewResponse(&portalv1.UpdateAcssResponse{Acss: acssToProto(a)}), nil
}

// DeleteAcss removes a file.
func (h AcssHandler) DeleteAcss(ctx context.Context, req *connect.Request[portalv1.DeleteAcssRequest]) (*connect.Response[portalv1.DeleteAcssResponse], error) {
	if err := h.Documents.DeleteAcss(ctx, callerFrom(ctx), req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.DeleteAcssResponse{}), nil
}
