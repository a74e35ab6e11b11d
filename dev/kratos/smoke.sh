#!/usr/bin/env bash
# Proves the running Kratos and Mailpit from dev/stack.sh do what the portal
# relies on: admin-created identity, API password login, whoami with the
# session token, and an API recovery whose mail (mail-templates/) arrives in
# Mailpit with a link to the portal carrying flow and code, and whose code
# leads (continue_with) to a settings flow that sets a new password. Cleans
# up the identity and its mails afterwards.   Usage: dev/kratos/smoke.sh
set -euo pipefail

PUBLIC="${KRATOS_PUBLIC_URL:-http://127.0.0.1:4433}"
ADMIN="${KRATOS_ADMIN_URL:-http://127.0.0.1:4434}"
MAIL="${MAILPIT_URL:-http://127.0.0.1:8025}"
LOGIN="smoke-$$-$RANDOM"
EMAIL="$LOGIN@example.com"
ID=

fail() { printf 'smoke: FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'smoke: ok: %s\n' "$*"; }
json() { curl -sS -H 'Content-Type: application/json' -H 'Accept: application/json' "$@"; }

cleanup() {
	if [[ -n $ID ]]; then curl -sS -o /dev/null -X DELETE "$ADMIN/admin/identities/$ID" || true; fi
	curl -sS -o /dev/null -X DELETE "$MAIL/api/v1/search?query=to:$EMAIL" || true
}
trap cleanup EXIT

# Flow action URL of a freshly created API flow (login, recovery, ...).
action_of() { json "$PUBLIC/self-service/$1/api" | jq -er .ui.action; }

login() {
	json -X POST "$(action_of login)" \
		-d "$(jq -n --arg i "$1" --arg p "$2" '{method:"password",identifier:$i,password:$p}')" |
		jq -r '.session_token // empty'
}

ID="$(json -X POST "$ADMIN/admin/identities" -d "$(jq -n --arg l "$LOGIN" --arg e "$EMAIL" '{
	schema_id: "portal-user",
	traits: {login: $l, email: $e, firstName: "Smoke", lastName: "Test", langKey: "en"},
	credentials: {password: {config: {password: "portal-demo"}}},
	metadata_admin: {roles: ["ROLE_USER"]}}')" | jq -er .id)" || fail "create identity"
ok "identity $ID created through the admin API"

token="$(login "$LOGIN" portal-demo)"
[[ -n $token ]] || fail "password login by login name"
[[ -n $(login "$EMAIL" portal-demo) ]] || fail "password login by e-mail"
[[ -z $(login "$LOGIN" wrong-password) ]] || fail "login with a wrong password succeeded"
ok "API login answers a session token (by login and by e-mail)"

who="$(json "$PUBLIC/sessions/whoami" -H "X-Session-Token: $token" | jq -r .identity.traits.login)"
[[ $who == "$LOGIN" ]] || fail "whoami answered '$who'"
ok "whoami accepts X-Session-Token"

recovery="$(action_of recovery)"
flow="${recovery##*flow=}"
# adapters/kratos sends the same transient payload: the template builds the link from it.
json -X POST "$recovery" -d "$(jq -n --arg e "$EMAIL" --arg f "$flow" \
	'{method:"code",email:$e,transient_payload:{portalUrl:"http://127.0.0.1:8080",flow:$f}}')" |
	jq -e '.state == "sent_email"' >/dev/null || fail "recovery flow did not send a mail"
msg=
for _ in {1..50}; do
	msg="$(json "$MAIL/api/v1/search?query=to:$EMAIL" | jq -r '.messages[0].ID // empty')"
	[[ -n $msg ]] && break
	sleep 0.2
done
[[ -n $msg ]] || fail "no recovery mail for $EMAIL in Mailpit (is Kratos running with --watch-courier?)"
link="$(json "$MAIL/api/v1/message/$msg" | jq -r .Text | grep -oE "http://127.0.0.1:8080/account/reset/finish/$flow\.[0-9]{6}" | head -1)"
[[ -n $link ]] || fail "no link to the portal's reset page with flow and code in the recovery mail"
code="${link##*.}"
ok "recovery mail with a link to the portal arrived in Mailpit"

answer="$(json -X POST "$recovery" -d "$(jq -n --arg c "$code" '{method:"code",code:$c}')")"
rtoken="$(jq -r '.continue_with[]? | select(.action == "set_ory_session_token") | .ory_session_token' <<<"$answer")"
settings="$(jq -r '.continue_with[]? | select(.action == "show_settings_ui") | .flow.id' <<<"$answer")"
[[ -n $rtoken && -n $settings ]] || fail "recovery answered no continue_with session and settings flow"
json -X POST "$PUBLIC/self-service/settings?flow=$settings" -H "X-Session-Token: $rtoken" \
	-d '{"method":"password","password":"portal-demo-2"}' | jq -e '.state == "success"' >/dev/null ||
	fail "settings flow did not accept the new password"
[[ -n $(login "$LOGIN" portal-demo-2) ]] || fail "login with the recovered password"
ok "recovery code leads to a settings flow that sets a new password"
