// Package htmlsafe cleans HTML written by staff (the news articles) with an
// allow-list, so that what the dashboard renders cannot run script.
package htmlsafe

import "github.com/microcosm-cc/bluemonday"

// Sanitizer keeps formatting, lists, tables, headings, images and links
// with http, https or mailto URLs; it drops scripts, styles, event
// handlers, forms, frames and every attribute not on the list.
type Sanitizer struct{ policy *bluemonday.Policy }

// New returns the news article policy.
func New() Sanitizer {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "hr", "b", "strong", "i", "em", "u", "s", "sub", "sup", "small", "mark",
		"h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "span", "div",
		"ul", "ol", "li", "dl", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption")
	p.AllowAttrs("href").OnElements("a")
	p.AllowAttrs("title").Globally()
	p.AllowAttrs("src", "alt", "width", "height").OnElements("img")
	p.AllowAttrs("colspan", "rowspan").OnElements("td", "th")
	p.AllowURLSchemes("http", "https", "mailto")
	p.RequireParseableURLs(true)
	p.RequireNoFollowOnLinks(true)
	p.RequireNoReferrerOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	return Sanitizer{policy: p}
}

// Sanitize returns html with everything off the allow-list removed.
func (s Sanitizer) Sanitize(html string) string { return s.policy.Sanitize(html) }
