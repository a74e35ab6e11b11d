package rpc

import (
	"bufio"
	"context"

	"connectrpc.com/connect"
	"google.golang.org/genproto/googleapis/api/httpbody"
	"google.golang.org/protobuf/types/known/timestamppb"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/adapters/ziparchive"
	"parcelportal/app/customsdocs"
	"parcelportal/core/customsdoc"
)

// CustomsDocumentHandler serves portal.v1.CustomsDocumentService.
type CustomsDocumentHandler struct {
	CustomsDocs customsdocs.Service
}

func customsDocToProto(d customsdoc.Document) *portalv1.CustomsDocument {
	out := &portalv1.CustomsDocument{
		Id: d.ID, Filename: d.Filename, CrmId: d.CRMID, UploadedAt: timestamppb.New(d.UploadedAt), UploadedBy: d.UploadedBy,
		LastDownloadedBy: d.LastDownloadedBy, Identifier: d.Identifier, Source: d.Source, Size: d.Size,
	}
	if !d.LastDownloadedAt.IsZero() {
		out.LastDownloadedAt = timestamppb.New(d.LastDownloadedAt)
	}
	return out
}

// ListCustomsDocuments lists the documents of the CRM id; X-Total-Count carries their number.
func (h CustomsDocumentHandler) ListCustomsDocuments(ctx context.Context, req *connect.Request[portalv1.ListCustomsDocumentsRequest]) (*connect.Response[portalv1.ListCustomsDocumentsResponse], error) {
	docs, err := h.CustomsDocs.List(ctx, callerFrom(ctx), req.Msg.GetCrmId())
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListCustomsDocumentsResponse{CustomsDocuments: protos(docs, customsDocToProto)}
	return withTotal(connect.NewResponse(out), len(docs)), nil
}

// DownloadCustomsDocument sends one document.
func (h CustomsDocumentHandler) DownloadCustomsDocument(ctx context.Context, req *connect.Request[portalv1.DownloadCustomsDocumentRequest]) (*connect.Response[portalv1.DownloadCustomsDocumentResponse], error) {
	f, err := h.CustomsDocs.Download(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	name := f.Filename
	if name == "" {
		name = "document.pdf"
	}
	msg := &portalv1.DownloadCustomsDocumentResponse{File: &httpbody.HttpBody{ContentType: f.ContentType, Data: f.Data}}
	return download(connect.NewResponse(msg), "attachment", name), nil
}

// BulkDownloadCustomsDocuments streams the selection as one zip, in pieces
// of at most zipPiece bytes: the portal holds one piece and one document,
// never the zip. A refusal comes before the first piece.
func (h CustomsDocumentHandler) BulkDownloadCustomsDocuments(ctx context.Context, req *connect.Request[portalv1.BulkDownloadCustomsDocumentsRequest], stream *connect.ServerStream[portalv1.BulkDownloadCustomsDocumentsResponse]) error {
	downloadHeaders(stream.ResponseHeader(), "attachment", customsdoc.BulkFilename)
	w := bufio.NewWriterSize(&zipPieces{stream: stream}, zipPiece)
	return h.CustomsDocs.BulkDownload(ctx, callerFrom(ctx), req.Msg.GetDocumentIds(), ziparchive.Writer{}, w)
}

// zipPiece is the size of the pieces a bulk zip streams in.
const zipPiece = 256 << 10

// zipPieces sends each write as one piece of the zip; the first names
// the content type.
type zipPieces struct {
	stream *connect.ServerStream[portalv1.BulkDownloadCustomsDocumentsResponse]
	sent   bool
}

func (z *zipPieces) Write(p []byte) (int, error) {
	body := &httpbody.HttpBody{Data: p}
	if !z.sent {
		body.ContentType = "application/zip"
	}
	if err := z.stream.Send(&portalv1.BulkDownloadCustomsDocumentsResponse{File: body}); err != nil {
		return 0, err
	}
	z.sent = true
	return len(p), nil
}

// UploadCustomsDocument stores a staff upload.
func (h CustomsDocumentHandler) UploadCustomsDocument(ctx context.Context, req *connect.Request[portalv1.UploadCustomsDocumentRequest]) (*connect.Response[portalv1.UploadCustomsDocumentResponse], error) {
	m := req.Msg
	d, err := h.CustomsDocs.Upload(ctx, callerFrom(ctx), m.GetCrmId(), m.GetIdentifier(), m.GetFilename(), m.GetContent())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.UploadCustomsDocumentResponse{CustomsDocument: customsDocToProto(d)}), nil
}
