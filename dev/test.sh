#!/usr/bin/env bash
# make test: the whole suite on a fresh machine or a warm one. Installs what
# is missing, checks that generated code is current and the protos lint,
# starts the real services on loopback, then runs Go unit and integration
# tests, the webapp's unit tests, and browser tests in Debian's Chromium
# against a portal built from this tree.
set -euo pipefail
cd "$(dirname "$0")/.."
source dev/lib.sh

step() { printf '\n== %s\n' "$*" >&2; }

step "install"
dev/install.sh
pnpm install --frozen-lockfile --reporter=silent

step "generated code is current"
dev/generate.sh
if [[ -n $(git status --porcelain -- adapters/rpc/gen adapters/rpc/openapi webapp/src/gen) ]]; then
	git status --short -- adapters/rpc/gen adapters/rpc/openapi webapp/src/gen >&2
	die "generated code differs from proto/: run 'make generate' and commit the result"
fi

step "the OpenAPI document passes Redocly's and Spectral's rules"
dev/lint-openapi.sh

step "go vet, gofmt and the server's map"
go vet ./...
dev/check-map.sh
unformatted=$(git ls-files -z '*.go' ':!:*/gen/*' | xargs -0 gofmt -l)
[[ -z $unformatted ]] || die "gofmt would change: $unformatted"

step "start services"
stack_was_up=false
dev/stack.sh status | grep -qv running || stack_was_up=true
# A failing start must stop the script: set -e does not see through eval "$(...)".
stack_env=$(dev/stack.sh up)
eval "$stack_env"
e2e_pids=()
cleanup() {
	((${#e2e_pids[@]})) && kill "${e2e_pids[@]}" 2>/dev/null
	$stack_was_up || dev/stack.sh down >&2
}
trap cleanup EXIT

step "new machines: dev/stack.sh from a checkout under a 0700 folder, on moved ports"
# A stack of its own beside this one (make test-run, in CI, also runs make run and Ctrl-C).
dev/run_test.sh stack

step "go tests (core, app, adapters against the real services)"
go test -count=1 ./...

step "fuzz the CSV batch reader for a few seconds"
go test -run '^$' -fuzz FuzzRead -fuzztime 5s ./core/batchcsv

step "webapp format, lint and unit tests"
pnpm --filter @portal/webapp format:check
pnpm --filter @portal/webapp lint
pnpm --filter @portal/webapp test

step "browser tests"
dev/build.sh
e2e_port=18080
# The services' state (and logs) may live outside the checkout (PORTAL_STATE).
logs="${PORTAL_STATE:-.state}/logs"
mkdir -p "$logs"
export E2E_BASE_URL="http://127.0.0.1:$e2e_port"
DATABASE_URL=$TEST_DATABASE_URL bin/seed > /dev/null
# Journeys play 50000 times faster than real time (a parcel is delivered
# within about 6 s), so the dashboard spec can follow one to its last step.
DATABASE_URL=$TEST_DATABASE_URL CONSOLE_DATABASE_URL=$TEST_CONSOLE_DATABASE_URL PORT=$e2e_port PORTAL_ENV=test TRACKING_SIM_SPEEDUP=50000 PRINTER_NETWORKS=127.0.0.2/32 WEBHOOK_NETWORKS=127.0.0.3/32 bin/portal > "$logs/portal-e2e.log" 2>&1 &
e2e_pids+=($!)
# The fake Browser Print agent (the address the webapp's CSP allows) and fake
# network printers; the printing spec drives it through its control address.
export PRINTER_SIM_CONTROL=127.0.0.1:9199
bin/printersim > "$logs/printersim-e2e.log" 2>&1 &
e2e_pids+=($!)
export PRINTER_SIM_URL="http://$PRINTER_SIM_CONTROL"
for _ in $(seq 1 100); do
	curl -fs -o /dev/null "$E2E_BASE_URL/management/version" && break
	sleep 0.2
done
pnpm --filter @portal/webapp e2e

step "the integrators' command line, as the README shows it: the API login ships a batch"
cli_out=$(mktemp -d)
PORTAL_PASSWORD=portal-demo bin/portal-cli ship -url "$E2E_BASE_URL" -login api -csv testdata/batches/valid.csv -manifest -out "$cli_out"
for file in "$cli_out"/labels-*.pdf "$cli_out"/manifest-*.pdf; do
	[[ $(head -c4 "$file") == %PDF ]] || die "portal-cli saved $file, which is no PDF"
done
rm -rf "$cli_out"
