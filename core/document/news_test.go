package document

import (
	"slices"
	"strings"
	"testing"

	"parcelportal/core/failure"
)

func TestReorder(t *testing.T) {
	items := []Placed{{ID: 10, Order: 0}, {ID: 11, Order: 1}, {ID: 12, Order: 2}, {ID: 13, Order: 3}}
	for _, tc := range []struct {
		name  string
		items []Placed
		id    int64
		value int
		want  []int64
	}{
		{"last to first", items, 13, 0, []int64{13, 10, 11, 12}},
		{"first to last", items, 10, 3, []int64{11, 12, 13, 10}},
		{"down one", items, 11, 2, []int64{10, 12, 11, 13}},
		{"same place", items, 12, 2, []int64{10, 11, 12, 13}},
		{"beyond the end", items, 10, 99, []int64{11, 12, 13, 10}},
		{"before the start", items, 12, -3, []int64{12, 10, 11, 13}},
		{"unknown id", items, 99, 0, []int64{10, 11, 12, 13}},
		{"gaps and ties", []Placed{{ID: 3, Order: 7}, {ID: 1, Order: 7}, {ID: 2, Order: 40}}, 2, 0, []int64{2, 1, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Reorder(tc.items, tc.id, tc.value)
			ids := make([]int64, len(got))
			for i, p := range got {
				ids[i] = p.ID
				if p.Order != i {
					t.Fatalf("not dense: %+v", got)
				}
			}
			if !slices.Equal(ids, tc.want) {
				t.Fatalf("Reorder() = %v, want %v", ids, tc.want)
			}
		})
	}
}

func TestForLocale(t *testing.T) {
	n := News{ID: 5, SummaryEn: "en", ArticleEn: "<p>en</p>", SummaryDe: "de", ArticleDe: "<p>de</p>", SummaryNl: "nl"}
	for _, tc := range []struct{ locale, summary, article string }{
		{"en", "en", "<p>en</p>"},
		{"de", "de", "<p>de</p>"},
		{"nl", "nl", "<p>en</p>"},
		{"es", "en", "<p>en</p>"},
		{"it", "en", "<p>en</p>"},
	} {
		got := ForLocale(n, tc.locale)
		if got.ID != 5 || got.Summary != tc.summary || got.Article != tc.article {
			t.Errorf("ForLocale(%s) = %+v", tc.locale, got)
		}
	}
}

func TestCheckNewsBoundsTheSummaries(t *testing.T) {
	ok := News{Summary: strings.Repeat("s", SummaryMaxLength), SummaryDe: "kurz", ArticleEn: strings.Repeat("<p>long</p>", 10000)}
	if err := CheckNews(ok); err != nil {
		t.Fatalf("summaries at the limit and a long article: %v", err)
	}
	f, isFailure := failure.As(CheckNews(News{SummaryEn: strings.Repeat("e", SummaryMaxLength+1), SummaryNl: strings.Repeat("n", SummaryMaxLength+1)}))
	if !isFailure || f.Kind != failure.Invalid || len(f.Fields) != 2 || f.Fields[0].Field != "summaryEn" || f.Fields[1].Field != "summaryNl" || f.Fields[0].Rule != "Size" {
		t.Fatalf("over-long summaries = %v", f)
	}
}
