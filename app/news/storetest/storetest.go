// Package storetest holds the contract test of the news store, run against
// Postgres and the in-memory fake alike.
package storetest

import (
	"context"
	"slices"
	"testing"

	"parcelportal/app/news"
	"parcelportal/core/document"
	"parcelportal/core/failure"
)

// Contract checks order on create, reorder, update and delete.
func Contract(t *testing.T, store news.Store) {
	ctx := context.Background()
	var ids []int64
	for _, s := range []string{"one", "two", "three"} {
		n, err := store.Create(ctx, document.News{SummaryEn: s, ArticleEn: "<p>" + s + "</p>", SummaryDe: s + " de", Order: 99})
		if err != nil || n.ID == 0 || n.CreatedAt.IsZero() || n.Order != len(ids) {
			t.Fatalf("Create = %+v, %v", n, err)
		}
		ids = append(ids, n.ID)
	}
	order := func() []int64 {
		t.Helper()
		list, err := store.List(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var got []int64
		for i, n := range list {
			if n.Order != i {
				t.Fatalf("orders not dense: %+v", list)
			}
			got = append(got, n.ID)
		}
		return got
	}
	err := store.Reorder(ctx, func(p []document.Placed) []document.Placed { return document.Reorder(p, ids[2], 0) })
	if err != nil {
		t.Fatal(err)
	}
	if got := order(); !slices.Equal(got, []int64{ids[2], ids[0], ids[1]}) {
		t.Fatalf("after reorder = %v", got)
	}
	up, err := store.Update(ctx, document.News{ID: ids[0], SummaryEn: "ONE", ArticleNl: "<b>nl</b>", Order: 7})
	if err != nil || up.SummaryEn != "ONE" || up.ArticleNl != "<b>nl</b>" || up.Order != 1 || up.SummaryDe != "" {
		t.Fatalf("Update = %+v, %v", up, err)
	}
	if _, err := store.Update(ctx, document.News{ID: ids[0] + 100000}); !notFound(err) {
		t.Fatalf("Update of a missing id = %v", err)
	}
	if err := store.Delete(ctx, ids[2]); err != nil {
		t.Fatal(err)
	}
	if got := order(); !slices.Equal(got, []int64{ids[0], ids[1]}) {
		t.Fatalf("after delete = %v", got)
	}
	if err := store.Delete(ctx, ids[2]); !notFound(err) {
		t.Fatalf("second Delete = %v", err)
	}
	if _, err := store.Get(ctx, ids[2]); !notFound(err) {
		t.Fatalf("Get of a deleted item = %v", err)
	}
	got, err := store.Get(ctx, ids[0])
	if err != nil || got.SummaryEn != "ONE" {
		t.Fatalf("Get = %+v, %v", got, err)
	}
}

func notFound(err error) bool {
	e, ok := failure.As(err)
	return ok && e.Kind == failure.NotFound
}
