// Package secretmask decides which configuration values are secrets and
// hides them before an operator's screen or a log line shows them: keys,
// passwords, tokens, and the passwords inside connection strings.
package secretmask

import (
	"regexp"
	"strings"
)

// Mask is what a hidden value reads.
const Mask = "******"

// secretWords are the parts of a setting's name that make it a secret.
var secretWords = []string{"PASSWORD", "PASSWD", "PASS", "PWD", "SECRET", "TOKEN", "KEY", "CREDENTIAL",
	"PRIVATE", "AUTH", "COOKIE", "SESSION", "SALT", "SIGNATURE", "CERT", "DSN"}

// IsSecretKey reports whether a setting named key holds a secret. Names are
// compared without case, split at _, ., - and camel case, so CREDENTIALS_KEY,
// credentialsKey and kratos.admin.token are all secrets.
func IsSecretKey(key string) bool {
	upper := strings.ToUpper(splitCamel(key))
	for _, part := range strings.FieldsFunc(upper, func(r rune) bool { return r == '_' || r == '.' || r == '-' || r == ' ' }) {
		for _, w := range secretWords {
			if strings.HasPrefix(part, w) || strings.HasSuffix(part, w) {
				return true
			}
		}
	}
	return false
}

var camel = regexp.MustCompile(`([a-z0-9])([A-Z])`)

func splitCamel(s string) string { return camel.ReplaceAllString(s, "${1}_${2}") }

// userinfo finds credentials in connection strings written as URLs
// (postgres://user:pass@host) and in key=value form (password=pass).
var (
	urlPassword = regexp.MustCompile(`([a-zA-Z][a-zA-Z0-9+.-]*://[^:/@\s]*:)([^@\s]*)(@)`)
	kvPassword  = regexp.MustCompile(`(?i)\b(password|passwd|pwd|secret|token|api_?key)=([^\s&;]+)`)
	queryParam  = regexp.MustCompile(`([?&])([^=&\s#]+)=([^&\s#]*)`)
)

// Value hides what of value is secret: all of it when key names a secret,
// else the passwords inside connection strings and query parameters. known
// are secret values the caller holds (keys read from other settings); any
// of them appearing inside value is hidden too. masked reports whether
// anything was hidden.
func Value(key, value string, known ...string) (shown string, masked bool) {
	if value == "" {
		return "", false
	}
	if IsSecretKey(key) {
		return Mask, true
	}
	shown = urlPassword.ReplaceAllString(value, "${1}"+Mask+"${3}")
	shown = kvPassword.ReplaceAllString(shown, "${1}="+Mask)
	shown = queryParam.ReplaceAllStringFunc(shown, func(p string) string {
		m := queryParam.FindStringSubmatch(p)
		if !IsSecretKey(m[2]) {
			return p
		}
		return m[1] + m[2] + "=" + Mask
	})
	for _, k := range known {
		// Short values ("portal") would hide every word they match.
		if len(k) >= 8 {
			shown = strings.ReplaceAll(shown, k, Mask)
		}
	}
	return shown, shown != value
}
