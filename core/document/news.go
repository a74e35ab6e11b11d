package document

import (
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"parcelportal/core/failure"
)

// News is a multilingual news item shown on the dashboard.
type News struct {
	ID        int64
	CreatedAt time.Time
	Summary   string
	SummaryEn string
	SummaryDe string
	SummaryNl string
	ArticleEn string
	ArticleDe string
	ArticleNl string
	Order     int
}

// Placed is a news item's id with its position.
type Placed struct {
	ID    int64
	Order int
}

// Reorder moves the item id to position value (0-based, clamped to the
// list) in a list sorted by order, and numbers every item densely from 0.
// An unknown id leaves the list as it is, only renumbered.
func Reorder(items []Placed, id int64, value int) []Placed {
	sorted := slices.Clone(items)
	slices.SortStableFunc(sorted, func(a, b Placed) int {
		if a.Order != b.Order {
			return a.Order - b.Order
		}
		return int(a.ID - b.ID)
	})
	if i := slices.IndexFunc(sorted, func(p Placed) bool { return p.ID == id }); i >= 0 {
		moved := sorted[i]
		sorted = slices.Delete(sorted, i, i+1)
		value = max(0, min(value, len(sorted)))
		sorted = slices.Insert(sorted, value, moved)
	}
	for i := range sorted {
		sorted[i].Order = i
	}
	return sorted
}

// Localized is the dashboard's reading of a news item in one locale; the
// REST facade sends it as id, summaryEn and articleEn.
type Localized struct {
	ID      int64
	Summary string
	Article string
}

// ForLocale picks the German or Dutch texts for de and nl; every other
// locale (en, es, it) reads English. A locale text left empty falls back to
// English too.
func ForLocale(n News, locale string) Localized {
	l := Localized{ID: n.ID, Summary: n.SummaryEn, Article: n.ArticleEn}
	switch locale {
	case "de":
		l.Summary, l.Article = or(n.SummaryDe, l.Summary), or(n.ArticleDe, l.Article)
	case "nl":
		l.Summary, l.Article = or(n.SummaryNl, l.Summary), or(n.ArticleNl, l.Article)
	}
	return l
}

func or(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}

// SummaryMaxLength bounds each summary of a news item: a teaser line on the
// dashboard. Articles are bounded by the request's body limit.
const SummaryMaxLength = 1000

// CheckNews refuses summaries longer than SummaryMaxLength, as field errors.
func CheckNews(n News) error {
	var violations []failure.FieldViolation
	for field, text := range map[string]string{"summary": n.Summary, "summaryEn": n.SummaryEn, "summaryDe": n.SummaryDe, "summaryNl": n.SummaryNl} {
		if utf8.RuneCountInString(text) > SummaryMaxLength {
			violations = append(violations, failure.FieldViolation{Object: "news", Field: field, Rule: "Size"})
		}
	}
	if len(violations) == 0 {
		return nil
	}
	slices.SortFunc(violations, func(a, b failure.FieldViolation) int { return strings.Compare(a.Field, b.Field) })
	return failure.InvalidFields(violations...)
}
