package htmlsafe

import (
	"strings"
	"testing"
)

func TestSanitize(t *testing.T) {
	s := New()
	for _, tc := range []struct {
		name, in string
		want     string
		absent   []string
	}{
		{"formatting stays", "<p>Hello <strong>world</strong><br></p><ul><li>a</li></ul>", "<p>Hello <strong>world</strong><br></p><ul><li>a</li></ul>", nil},
		{"script goes with its content", `<p>x</p><script>alert(1)</script>`, "<p>x</p>", []string{"alert"}},
		{"event handlers go", `<p onclick="alert(1)">x</p><img src="https://a.example/i.png" onerror="alert(2)">`, "", []string{"onclick", "onerror", "alert"}},
		{"javascript urls go", `<a href="javascript:alert(1)">x</a><a href=" JaVaScRiPt:alert(1)">y</a>`, "", []string{"javascript", "href"}},
		{"style goes", `<p style="background:url(javascript:alert(1))">x</p><style>p{}</style>`, "<p>x</p>", []string{"style", "p{}"}},
		{"iframe and form go", `<iframe src="https://evil.example"></iframe><form action="/x"><input></form>`, "", []string{"iframe", "form", "input"}},
		{"https links stay and open safely", `<a href="https://www.example.com/news">more</a>`, "", []string{"javascript"}},
		{"data urls go", `<img src="data:text/html;base64,PHNjcmlwdD4=">`, "", []string{"data:"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := s.Sanitize(tc.in)
			if tc.want != "" && got != tc.want {
				t.Fatalf("Sanitize() = %q, want %q", got, tc.want)
			}
			for _, a := range tc.absent {
				if strings.Contains(strings.ToLower(got), a) {
					t.Fatalf("Sanitize() = %q still holds %q", got, a)
				}
			}
		})
	}
	if got := s.Sanitize(`<a href="https://www.example.com/news">more</a>`); !strings.Contains(got, `href="https://www.example.com/news"`) || !strings.Contains(got, "noopener") {
		t.Fatalf("link = %q", got)
	}
}
