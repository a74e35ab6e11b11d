#!/usr/bin/env bash
# make test: the whole suite on a fresh machine or a warm one. Installs what
# is missing, checks that generated code is current and the protos lint,
# starts the real services on loopback, then runs Go unit and integration
# tests, the webapp's unit tests, and browser tests in Debian's Chromium
# against a portal built from this tree.
set -euo pipefail
cd "$(dirname "$0")/.."
source dev/lib.sh

started=$SECONDS
# Each step says when it started, so a slow one shows in any log.
step() { printf '\n== [%dm%02ds] %s\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) "$*" >&2; }

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
browser_pid=
cleanup() {
	# The lane leads a process group of its own: stop all of it (Playwright, Chromium, the portal).
	[[ -n $browser_pid ]] && kill -- "-$browser_pid" 2>/dev/null && wait "$browser_pid" 2>/dev/null
	$stack_was_up || dev/stack.sh down >&2
}
trap cleanup EXIT

# The browser lane (dev/test_browser.sh) runs beside the Go and webapp unit
# tests: it mostly waits on Chromium and the portal, the unit tests mostly
# compute, so together they take about the time of the longer one. Its
# output is printed when it ends.
step "browser tests start beside the unit tests (their output follows at the end)"
logs="${PORTAL_STATE:-.state}/logs"
mkdir -p "$logs"
browser_log="$logs/browser-lane.log"
setsid dev/test_browser.sh > "$browser_log" 2>&1 &
browser_pid=$!

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

step "browser tests (the lane's output)"
browser_status=0
wait "$browser_pid" || browser_status=$?
browser_pid=
cat "$browser_log" >&2
((browser_status == 0)) || die "browser tests failed (exit $browser_status); the portal's log: $logs/portal-e2e.log"
step "all passed"
