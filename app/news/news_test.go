package news_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"parcelportal/adapters/htmlsafe"
	"parcelportal/adapters/memory"
	"parcelportal/app/news"
	"parcelportal/core/access"
	"parcelportal/core/document"
	"parcelportal/core/failure"
)

var (
	admin = &access.Caller{Login: "admin", Roles: []access.Role{access.Admin}}
	user  = &access.Caller{Login: "user", Roles: []access.Role{access.User}, CustomerID: 1}
)

func TestNewsUseCases(t *testing.T) {
	ctx := context.Background()
	s := news.Service{Store: &memory.News{}, Sanitizer: htmlsafe.New()}
	var ids []int64
	for _, name := range []string{"a", "b", "c"} {
		n, err := s.Create(ctx, admin, document.News{SummaryEn: name, SummaryDe: name + "-de", ArticleEn: `<p onclick="x()">` + name + `</p><script>alert(1)</script>`})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(n.ArticleEn, "script") || strings.Contains(n.ArticleEn, "onclick") || n.ArticleEn != "<p>"+name+"</p>" {
			t.Fatalf("stored article %q is not sanitized", n.ArticleEn)
		}
		ids = append(ids, n.ID)
	}
	up, err := s.Update(ctx, admin, document.News{ID: ids[1], SummaryEn: "b2", ArticleDe: `<a href="javascript:alert(1)">x</a>`})
	if err != nil || strings.Contains(up.ArticleDe, "javascript") {
		t.Fatalf("Update = %+v, %v", up, err)
	}
	if err := s.Move(ctx, admin, ids[0], 2); err != nil {
		t.Fatal(err)
	}
	list, _ := s.List(ctx, admin)
	got := []int64{list[0].ID, list[1].ID, list[2].ID}
	if !slices.Equal(got, []int64{ids[1], ids[2], ids[0]}) {
		t.Fatalf("after Move = %v", got)
	}
	if err := s.Move(ctx, admin, 9999, 0); !failure.HasKey(err, news.KeyNotFound) {
		t.Fatalf("Move of a missing id = %v", err)
	}
	de, err := s.ForLocale(ctx, admin, "de")
	if err != nil || len(de) != 3 || de[1].Summary != "c-de" || de[0].Summary != "b2" {
		t.Fatalf("ForLocale(de) = %+v, %v", de, err)
	}
	es, _ := s.ForLocale(ctx, admin, "es")
	if es[1].Summary != "c" || es[1].Article != "<p>c</p>" {
		t.Fatalf("ForLocale(es) = %+v", es)
	}
}

// A summary longer than a dashboard teaser is refused and nothing is stored.
func TestOverLongSummariesAreRefused(t *testing.T) {
	ctx := context.Background()
	s := news.Service{Store: &memory.News{}, Sanitizer: htmlsafe.New()}
	long := strings.Repeat("T", document.SummaryMaxLength+1)
	if _, err := s.Create(ctx, admin, document.News{SummaryEn: long}); !failure.HasKey(err, "error.validation") {
		t.Fatalf("Create = %v", err)
	}
	n, err := s.Create(ctx, admin, document.News{SummaryEn: "short"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, admin, document.News{ID: n.ID, SummaryDe: long}); !failure.HasKey(err, "error.validation") {
		t.Fatalf("Update = %v", err)
	}
	if list, _ := s.List(ctx, admin); len(list) != 1 || list[0].SummaryDe != "" {
		t.Fatalf("stored %+v", list)
	}
}

// The use cases check the caller themselves, behind the transport's role
// table: a user reads the dashboard's news but maintains none, and nothing
// happens without a caller.
func TestNewsRefusesCallersBelowAdmin(t *testing.T) {
	ctx := context.Background()
	s := news.Service{Store: &memory.News{}, Sanitizer: htmlsafe.New()}
	n, err := s.Create(ctx, admin, document.News{SummaryEn: "kept"})
	if err != nil {
		t.Fatal(err)
	}
	forbidden := func(what string, err error) {
		t.Helper()
		if f, ok := failure.As(err); !ok || f.Kind != failure.Forbidden {
			t.Errorf("%s by a user = %v; want forbidden", what, err)
		}
	}
	_, err = s.List(ctx, user)
	forbidden("List", err)
	_, err = s.Get(ctx, user, n.ID)
	forbidden("Get", err)
	_, err = s.Create(ctx, user, document.News{SummaryEn: "x"})
	forbidden("Create", err)
	_, err = s.Update(ctx, user, document.News{ID: n.ID, SummaryEn: "x"})
	forbidden("Update", err)
	forbidden("Move", s.Move(ctx, user, n.ID, 0))
	forbidden("Delete", s.Delete(ctx, user, n.ID))
	if got, err := s.ForLocale(ctx, user, "en"); err != nil || len(got) != 1 || got[0].Summary != "kept" {
		t.Errorf("ForLocale by a user = %+v, %v; want the item unchanged", got, err)
	}
	if _, err := s.ForLocale(ctx, nil, "en"); !failure.HasKey(err, "error.unauthenticated") {
		t.Errorf("ForLocale without a caller = %v", err)
	}
}
