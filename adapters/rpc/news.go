package rpc

import (
	"context"

	"connectrpc.com/connect"
	"google.golang.org/protobuf/types/known/timestamppb"

	portalv1 "parcelportal/adapters/rpc/gen/portal/v1"
	"parcelportal/app/news"
	"parcelportal/core/document"
)

// NewsHandler serves portal.v1.NewsService.
type NewsHandler struct{ News news.Service }

func newsToProto(n document.News) *portalv1.News {
	return &portalv1.News{Id: n.ID, CreatedAt: timestamppb.New(n.CreatedAt), Summary: n.Summary,
		SummaryEn: n.SummaryEn, SummaryDe: n.SummaryDe, SummaryNl: n.SummaryNl,
		ArticleEn: n.ArticleEn, ArticleDe: n.ArticleDe, ArticleNl: n.ArticleNl, Order: int32(n.Order)}
}

func newsFromProto(p *portalv1.News) document.News {
	return document.News{ID: p.GetId(), Summary: p.GetSummary(), SummaryEn: p.GetSummaryEn(), SummaryDe: p.GetSummaryDe(),
		SummaryNl: p.GetSummaryNl(), ArticleEn: p.GetArticleEn(), ArticleDe: p.GetArticleDe(), ArticleNl: p.GetArticleNl()}
}

// ListNews lists every item in order; X-Total-Count carries the total.
func (h NewsHandler) ListNews(ctx context.Context, _ *connect.Request[portalv1.ListNewsRequest]) (*connect.Response[portalv1.ListNewsResponse], error) {
	items, err := h.News.List(ctx, callerFrom(ctx))
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListNewsResponse{News: protos(items, newsToProto)}
	return withTotal(connect.NewResponse(out), len(items)), nil
}

// ListNewsForLocale lists the items as the dashboard reads them.
func (h NewsHandler) ListNewsForLocale(ctx context.Context, req *connect.Request[portalv1.ListNewsForLocaleRequest]) (*connect.Response[portalv1.ListNewsForLocaleResponse], error) {
	items, err := h.News.ForLocale(ctx, callerFrom(ctx), req.Msg.GetLocale())
	if err != nil {
		return nil, err
	}
	out := &portalv1.ListNewsForLocaleResponse{}
	for _, l := range items {
		out.News = append(out.News, &portalv1.News{Id: l.ID, SummaryEn: l.Summary, ArticleEn: l.Article})
	}
	return connect.NewResponse(out), nil
}

// GetNews returns one item.
func (h NewsHandler) GetNews(ctx context.Context, req *connect.Request[portalv1.GetNewsRequest]) (*connect.Response[portalv1.GetNewsResponse], error) {
	n, err := h.News.Get(ctx, callerFrom(ctx), req.Msg.GetId())
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.GetNewsResponse{News: newsToProto(n)}), nil
}

// CreateNews stores a new item last.
func (h NewsHandler) CreateNews(ctx context.Context, req *connect.Request[portalv1.CreateNewsRequest]) (*connect.Response[portalv1.CreateNewsResponse], error) {
	n, err := h.News.Create(ctx, callerFrom(ctx), newsFromProto(req.Msg.GetNews()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.CreateNewsResponse{News: newsToProto(n)}), nil
}

// UpdateNews changes an item's texts.
func (h NewsHandler) UpdateNews(ctx context.Context, req *connect.Request[portalv1.UpdateNewsRequest]) (*connect.Response[portalv1.UpdateNewsResponse], error) {
	n, err := h.News.Update(ctx, callerFrom(ctx), newsFromProto(req.Msg.GetNews()))
	if err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.UpdateNewsResponse{News: newsToProto(n)}), nil
}

// MoveNews moves an item to a new position.
func (h NewsHandler) MoveNews(ctx context.Context, req *connect.Request[portalv1.MoveNewsRequest]) (*connect.Response[portalv1.MoveNewsResponse], error) {
	if err := h.News.Move(ctx, callerFrom(ctx), req.Msg.GetId(), int(req.Msg.GetValue())); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.MoveNewsResponse{}), nil
}

// DeleteNews removes an item.
func (h NewsHandler) DeleteNews(ctx context.Context, req *connect.Request[portalv1.DeleteNewsRequest]) (*connect.Response[portalv1.DeleteNewsResponse], error) {
	if err := h.News.Delete(ctx, callerFrom(ctx), req.Msg.GetId()); err != nil {
		return nil, err
	}
	return connect.NewResponse(&portalv1.DeleteNewsResponse{}), nil
}
