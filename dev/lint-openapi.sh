#!/usr/bin/env bash
# Lints the served OpenAPI document as integrators' tools read it: Redocly CLI
# with its recommended rules and Spectral with spectral:oas, both pinned in the
# root package.json. Errors fail (make test); warnings are printed.
set -euo pipefail
cd "$(dirname "$0")/.."

doc=adapters/rpc/openapi/portal.openapi.yaml
bin=node_modules/.bin
# No telemetry, no update notices: the machines may be offline.
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true

doc=${1:-$doc}
# Redocly's banner about Node 20's end of life is left out.
rc=0
out=$("$bin/redocly" lint --extends=recommended --format=stylish "$doc" 2>&1) || rc=$?
grep -vE '^\s*(║|╔|╚)' <<<"$out" >&2 || true
((rc == 0)) || { echo "redocly lint: errors in $doc" >&2; exit 1; }
"$bin/spectral" lint --quiet --fail-severity=error --ruleset dev/openapi/spectral.yaml "$doc" || { echo "spectral lint: errors in $doc" >&2; exit 1; }
