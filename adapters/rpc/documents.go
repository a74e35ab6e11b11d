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

// DocumentHandler serves portal.v1.DocumentService.
type DocumentHandler struct{ Documents documents.Service }

func docToProto(d document.Doc) *portalv1.Document {
	size := int64(d.Size)
	if size == 0 {
		size = int64(len(d.Document))
	}
	return &portalv1.Document{Id: d.ID, Name: d.Name, Document: d.Document, DocumentContentType: d.ContentType,
		CreatedAt: timestamppb.New(d.CreatedAt), Active: d.Active, FileName: d.FileName, Size: size}
}

func docFromProto(p *portalv1.Document) document.Doc {
	return document.Doc{ID: p.GetId(), Name: p.GetName(), Document: p.GetDocument(), ContentType: p.GetDocumentContentType(),
		FileName: p.GetFileName(), Active: p.GetActive()}
}

// stored answers a saved document without its bytes.
func stored(d document.Doc) *portalv1.Document {
	d.Size, d.Document = len(d.Document), nil
	return docToProto(d)
}

// attachment sets the download headers of a file to save.
func attachment[T any](res *connect.Response[T], fileName string) *connect.Response[T] {
	return download(res, "attachment", fileName)
}

func fileOf(d document.Doc) *httpbody.HttpBody {
	return &httpbody.HttpBody{ContentType: d.ContentType, Data: d.Document}
}

func downloadName(d document.Doc) string {
	if d.FileName != "" {
		return d.FileName
	}
	return d.Name
}

// ListProductCodesDocs lists the documents; X-Total-Count carries the total.
func (h DocumentHandler) ListProductCodesDocs(ctx context.Context, _ *connect.Request[portalv1.ListProductCodesDocsRequest]) (*connect.Response[portalv1.ListProductCodesDocsResponse], error) {
	docs, err := h.Documents.ListDocs(ctx, callerFrom(ctx), document.ProductCodes)
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListProductCodesDocsResponse{ProductCodesDocs: protos(docs, docToProto)}
	return withTotal(connect.NewResponse(out), len(docs)), nil
}

// GetActiveProductCodesDoc returns the active document.
func (h DocumentHandler) GetActiveProductCodesDoc(ctx context.Context, _ *connect.Request[portalv1.GetActiveProductCodesDocRequest]) (*connect.Response[portalv1.GetActiveProductCodesDocResponse], error) {
	d, err := h.Documents.ActiveDoc(ctx, callerFrom(ctx), document.ProductCodes)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetActiveProductCodesDocResponse{Document: docToProto(d)}), nil
}

// GetProductCodesDoc returns one document.
func (h DocumentHandler) GetProductCodesDoc(ctx context.Context, req *connect.Request[portalv1.GetProductCodesDocRequest]) (*connect.Response[portalv1.GetProductCodesDocResponse], error) {
	d, err := h.Documents.GetDoc(ctx, callerFrom(ctx), document.ProductCodes, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetProductCodesDocResponse{Document: docToProto(d)}), nil
}

// DownloadProductCodesDoc sends the document's file.
func (h DocumentHandler) DownloadProductCodesDoc(ctx context.Context, req *connect.Request[portalv1.DownloadProductCodesDocRequest]) (*connect.Response[portalv1.DownloadProductCodesDocResponse], error) {
	d, err := h.Documents.GetDoc(ctx, callerFrom(ctx), document.ProductCodes, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return attachment(connect.NewResponse(&portalv1.DownloadProductCodesDocResponse{File: fileOf(d)}), downloadName(d)), nil
}

// CreateProductCodesDoc stores a new document.
func (h DocumentHandler) CreateProductCodesDoc(ctx context.Context, req *connect.Request[portalv1.CreateProductCodesDocRequest]) (*connect.Response[portalv1.CreateProductCodesDocResponse], error) {
	d, err := h.Documents.CreateDoc(ctx, callerFrom(ctx), document.ProductCodes, docFromProto(req.Msg.GetDocument()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateProductCodesDocResponse{Document: stored(d)}), nil
}

// UpdateProductCodesDoc changes a document.
func (h DocumentHandler) UpdateProductCodesDoc(ctx context.Context, req *connect.Request[portalv1.UpdateProductCodesDocRequest]) (*connect.Response[portalv1.UpdateProductCodesDocResponse], error) {
	edited := docFromProto(req.Msg.GetDocument())
	d, err := h.Documents.UpdateDoc(ctx, callerFrom(ctx), document.ProductCodes, edited.ID, edited)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.UpdateProductCodesDocResponse{Document: stored(d)}), nil
}

// DeleteProductCodesDoc removes a document.
func (h DocumentHandler) DeleteProductCodesDoc(ctx context.Context, req *connect.Request[portalv1.DeleteProductCodesDocRequest]) (*connect.Response[portalv1.DeleteProductCodesDocResponse], error) {
	if err := h.Documents.DeleteDoc(ctx, callerFrom(ctx), document.ProductCodes, req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.DeleteProductCodesDocResponse{}), nil
}

// ListCsvTemplateDocs lists the documents; X-Total-Count carries the total.
func (h DocumentHandler) ListCsvTemplateDocs(ctx context.Context, _ *connect.Request[portalv1.ListCsvTemplateDocsRequest]) (*connect.Response[portalv1.ListCsvTemplateDocsResponse], error) {
	docs, err := h.Documents.ListDocs(ctx, callerFrom(ctx), document.CSVTemplate)
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListCsvTemplateDocsResponse{CsvTemplateDocs: protos(docs, docToProto)}
	return withTotal(connect.NewResponse(out), len(docs)), nil
}

// GetActiveCsvTemplateDoc returns the active document.
func (h DocumentHandler) GetActiveCsvTemplateDoc(ctx context.Context, _ *connect.Request[portalv1.GetActiveCsvTemplateDocRequest]) (*connect.Response[portalv1.GetActiveCsvTemplateDocResponse], error) {
	d, err := h.Documents.ActiveDoc(ctx, callerFrom(ctx), document.CSVTemplate)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetActiveCsvTemplateDocResponse{Document: docToProto(d)}), nil
}

// GetCsvTemplateDoc returns one document.
func (h DocumentHandler) GetCsvTemplateDoc(ctx context.Context, req *connect.Request[portalv1.GetCsvTemplateDocRequest]) (*connect.Response[portalv1.GetCsvTemplateDocResponse], error) {
	d, err := h.Documents.GetDoc(ctx, callerFrom(ctx), document.CSVTemplate, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetCsvTemplateDocResponse{Document: docToProto(d)}), nil
}

// DownloadCsvTemplateDoc sends the document's file.
func (h DocumentHandler) DownloadCsvTemplateDoc(ctx context.Context, req *connect.Request[portalv1.DownloadCsvTemplateDocRequest]) (*connect.Response[portalv1.DownloadCsvTemplateDocResponse], error) {
	d, err := h.Documents.GetDoc(ctx, callerFrom(ctx), document.CSVTemplate, req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return attachment(connect.NewResponse(&portalv1.DownloadCsvTemplateDocResponse{File: fileOf(d)}), downloadName(d)), nil
}

// CreateCsvTemplateDoc stores a new document.
func (h DocumentHandler) CreateCsvTemplateDoc(ctx context.Context, req *connect.Request[portalv1.CreateCsvTemplateDocRequest]) (*connect.Response[portalv1.CreateCsvTemplateDocResponse], error) {
	d, err := h.Documents.CreateDoc(ctx, callerFrom(ctx), document.CSVTemplate, docFromProto(req.Msg.GetDocument()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateCsvTemplateDocResponse{Document: stored(d)}), nil
}

// UpdateCsvTemplateDoc changes a document.
func (h DocumentHandler) UpdateCsvTemplateDoc(ctx context.Context, req *connect.Request[portalv1.UpdateCsvTemplateDocRequest]) (*connect.Response[portalv1.UpdateCsvTemplateDocResponse], error) {
	edited := docFromProto(req.Msg.GetDocument())
	d, err := h.Documents.UpdateDoc(ctx, callerFrom(ctx), document.CSVTemplate, edited.ID, edited)
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.UpdateCsvTemplateDocResponse{Document: stored(d)}), nil
}

// DeleteCsvTemplateDoc removes a document.
func (h DocumentHandler) DeleteCsvTemplateDoc(ctx context.Context, req *connect.Request[portalv1.DeleteCsvTemplateDocRequest]) (*connect.Response[portalv1.DeleteCsvTemplateDocResponse], error) {
	if err := h.Documents.DeleteDoc(ctx, callerFrom(ctx), document.CSVTemplate, req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.DeleteCsvTemplateDocResponse{}), nil
}

func legalToProto(p document.LegalPage) *portalv1.LegalPage {
	out := &portalv1.LegalPage{TenantId: p.TenantID, Kind: legalKindToProto(p.Kind), Locale: p.Locale, Body: p.Body, UpdatedBy: p.UpdatedBy}
	if !p.UpdatedAt.IsZero() {
		out.UpdatedAt = timestamppb.New(p.UpdatedAt)
	}
	return out
}

// legalKindOf names the page as core/document does: by the enum value's
// name, which is the spec's JSON string too. Unspecified is no page.
func legalKindOf(k portalv1.LegalPageKind) document.LegalKind {
	if k == portalv1.LegalPageKind_LEGAL_PAGE_KIND_UNSPECIFIED {
		return ""
	}
	return document.LegalKind(k.String())
}

func legalKindToProto(k document.LegalKind) portalv1.LegalPageKind {
	return portalv1.LegalPageKind(portalv1.LegalPageKind_value[string(k)])
}

// ListLegalPages lists a tenant's published legal pages.
func (h DocumentHandler) ListLegalPages(ctx context.Context, req *connect.Request[portalv1.ListLegalPagesRequest]) (*connect.Response[portalv1.ListLegalPagesResponse], error) {
	pages, err := h.Documents.ListLegalPages(ctx, callerFrom(ctx), req.Msg.GetTenantId(), legalKindOf(req.Msg.GetKind()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.ListLegalPagesResponse{LegalPages: protos(pages, legalToProto)}), nil
}

// PublishLegalPage publishes a legal page.
func (h DocumentHandler) PublishLegalPage(ctx context.Context, req *connect.Request[portalv1.PublishLegalPageRequest]) (*connect.Response[portalv1.PublishLegalPageResponse], error) {
	in := req.Msg.GetLegalPage()
	p, err := h.Documents.PublishLegalPage(ctx, callerFrom(ctx), document.LegalPage{
		TenantID: in.GetTenantId(), Kind: legalKindOf(in.GetKind()), Locale: in.GetLocale(), Body: in.GetBody(),
	})
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.PublishLegalPageResponse{LegalPage: legalToProto(p)}), nil
}

// WithdrawLegalPage removes one published legal page.
func (h DocumentHandler) WithdrawLegalPage(ctx context.Context, req *connect.Request[portalv1.WithdrawLegalPageRequest]) (*connect.Response[portalv1.WithdrawLegalPageResponse], error) {
	err := h.Documents.WithdrawLegalPage(ctx, callerFrom(ctx), req.Msg.GetTenantId(), legalKindOf(req.Msg.GetKind()), req.Msg.GetLocale())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.WithdrawLegalPageResponse{}), nil
}

// ReadLegalPage answers the page a visitor reads, without tenant and author.
func (h DocumentHandler) ReadLegalPage(ctx context.Context, req *connect.Request[portalv1.ReadLegalPageRequest]) (*connect.Response[portalv1.ReadLegalPageResponse], error) {
	p, err := h.Documents.ReadLegalPage(ctx, callerFrom(ctx), legalKindOf(req.Msg.GetKind()), req.Msg.GetLocale())
	if err != nil {
		return nil, err
	}
	p.TenantID, p.UpdatedBy = 0, ""
	return connect.NewResponse(&portalv1.ReadLegalPageResponse{LegalPage: legalToProto(p)}), nil
}
