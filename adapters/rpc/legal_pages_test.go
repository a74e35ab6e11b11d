package rpc_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestLegalPagesOverREST: an admin publishes a page in two locales, an
// anonymous visitor reads each, and what a visitor may not do or learn stays
// closed.
func TestLegalPagesOverREST(t *testing.T) {
	api := documentsAPI(t)
	publish := func(role, body string) (int, string) {
		rec := call(t, api, role, "PUT", "/web/api/legal-pages", body)
		return rec.Code, rec.Body.String()
	}
	de := `{"tenantId":"1","kind":"IMPRINT","locale":"de","body":"Impressum\r\n\r\n<script>alert(1)</script>"}`
	for _, role := range []string{"", "ROLE_USER", "ROLE_OPERATIONS"} {
		if code, body := publish(role, de); code != http.StatusUnauthorized && code != http.StatusForbidden {
			t.Fatalf("%q publishes: %d %s", role, code, body)
		}
	}
	if rec := call(t, api, "", "GET", "/web/api/legal-pages/published/IMPRINT?locale=de", ""); rec.Code != http.StatusNotFound ||
		!strings.Contains(rec.Body.String(), "error.legalPage.notPublished") {
		t.Fatalf("an unpublished page = %d %s", rec.Code, rec.Body)
	}
	code, body := publish("ROLE_ADMIN", de)
	// The text is kept as typed: it is plain text, which the webapp shows as text.
	if code != http.StatusOK || !strings.Contains(body, `"kind":"IMPRINT"`) || !strings.Contains(body, `"updatedBy":"ROLE_ADMIN"`) ||
		!strings.Contains(body, `"body":"Impressum\n\n<script>alert(1)</script>"`) {
		t.Fatalf("publish = %d %s", code, body)
	}
	if code, body := publish("ROLE_SUPERADMIN", `{"tenantId":"1","kind":"IMPRINT","locale":"en","body":"Imprint"}`); code != http.StatusOK {
		t.Fatalf("publish en = %d %s", code, body)
	}
	for name, bad := range map[string]string{
		"an unknown locale": `{"tenantId":"1","kind":"IMPRINT","locale":"fr","body":"x"}`,
		"an unknown kind":   `{"tenantId":"1","kind":"COOKIES","locale":"en","body":"x"}`,
		"no kind":           `{"tenantId":"1","locale":"en","body":"x"}`,
		"an unknown tenant": `{"tenantId":"99","kind":"IMPRINT","locale":"en","body":"x"}`,
		"an empty body":     `{"tenantId":"1","kind":"IMPRINT","locale":"en","body":"  "}`,
		"too long a body":   `{"tenantId":"1","kind":"IMPRINT","locale":"en","body":"` + strings.Repeat("x", 100_001) + `"}`,
		"not JSON":          `{"tenantId":"1","kind":`,
	} {
		if code, body := publish("ROLE_ADMIN", bad); code != http.StatusBadRequest {
			t.Errorf("%s: %d %s", name, code, body)
		}
	}
	if code, body := publish("ROLE_ADMIN", `{"tenantId":"1","kind":"IMPRINT","locale":"en","body":"`+strings.Repeat("\\u00e4", 180_000)+`"}`); code != http.StatusRequestEntityTooLarge && code != http.StatusBadRequest {
		t.Errorf("a body over the API's limit: %d %.200s", code, body)
	}

	for locale, want := range map[string]string{"de": `"body":"Impressum`, "en": `"body":"Imprint"`, "it": `"locale":"en"`} {
		rec := call(t, api, "", "GET", "/web/api/legal-pages/published/IMPRINT?locale="+locale, "")
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), want) ||
			strings.Contains(rec.Body.String(), "ROLE_ADMIN") || !strings.Contains(rec.Body.String(), `"tenantId":"0"`) {
			t.Fatalf("a visitor reads the imprint in %s: %d %s", locale, rec.Code, rec.Body)
		}
	}

	rec := call(t, api, "ROLE_ADMIN", "GET", "/web/api/legal-pages?tenantId=1&kind=IMPRINT", "")
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Body.String(), "[") || strings.Count(rec.Body.String(), `"kind":"IMPRINT"`) != 2 {
		t.Fatalf("list = %d %s", rec.Code, rec.Body)
	}
	if rec := call(t, api, "", "GET", "/web/api/legal-pages?tenantId=1", ""); rec.Code != http.StatusUnauthorized {
		t.Fatalf("a visitor lists the pages with their authors: %d %s", rec.Code, rec.Body)
	}
	if rec := call(t, api, "ROLE_ADMIN", "DELETE", "/web/api/legal-pages/1/IMPRINT/en", ""); rec.Code != http.StatusOK {
		t.Fatalf("withdraw = %d %s", rec.Code, rec.Body)
	}
	if rec := call(t, api, "", "GET", "/web/api/legal-pages/published/IMPRINT?locale=en", ""); rec.Code != http.StatusOK ||
		!strings.Contains(rec.Body.String(), `"locale":"de"`) {
		t.Fatalf("after the English page is withdrawn: %d %s", rec.Code, rec.Body)
	}
}
