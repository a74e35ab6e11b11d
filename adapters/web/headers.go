package web

import "net/http"

// ContentSecurityPolicy fits the built webapp: its scripts, styles, fonts and
// media come from the portal itself; Radix UI sets inline styles (style
// attributes and injected <style>), hence 'unsafe-inline' for styles only;
// the MFA QR code and downloads are blob: URLs, the label preview is a blob:
// PDF in a frame; news articles may show images from https addresses (the
// server's HTML policy allows them); every call goes to the portal's own
// origin, or to the label printing agents on the user's own machine (Zebra
// Browser Print on any local port, 9100/9101 by default, since its address
// is a printer setting; QZ Tray's WebSocket on 8181/8182). No script runs
// inline or from elsewhere, no plugin but the PDF viewer, and no other site
// may frame the portal.
const ContentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self'; " +
	"style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob: https:; " +
	"font-src 'self' data:; " +
	"connect-src 'self' " + printAgents + "; " +
	"media-src 'self'; " +
	"frame-src 'self' blob:; " +
	"worker-src 'self' blob:; " +
	"object-src 'self' blob:; " +
	"base-uri 'self'; " +
	"form-action 'self'; " +
	"frame-ancestors 'self'"

// printAgents are the local addresses of the label printing agents: this
// computer only (the webapp's printing/browserPrint.ts refuses any other
// Browser Print address with the same rule), on any port for Browser Print.
const printAgents = "http://127.0.0.1:* https://127.0.0.1:* http://localhost:* https://localhost:* " +
	"wss://localhost:8181 ws://localhost:8182 wss://127.0.0.1:8181 ws://127.0.0.1:8182"

// SecurityHeaders sets the browser's protections on every response, API and
// webapp alike: the content security policy, no MIME sniffing (a JSON or CSV
// answer is never run as script or HTML), no referrer beyond the portal (the
// activation and reset links carry their keys in the path), and no framing
// by other sites (frame-ancestors, and X-Frame-Options for older browsers).
// HSTS belongs to the TLS terminator in front of the portal.
func SecurityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", ContentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("X-Frame-Options", "SAMEORIGIN")
		next.ServeHTTP(w, r)
	})
}
