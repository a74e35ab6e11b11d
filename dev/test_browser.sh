#!/usr/bin/env bash
# The browser lane of `make test`: builds the binaries and the webapp, seeds
# the test database, serves a portal (and the printer simulator) on loopback,
# runs the Playwright suite in Debian's Chromium against it, then the
# integrators' command line as the README shows it. dev/test.sh starts it
# beside the Go and webapp unit tests, with the services' environment
# (TEST_DATABASE_URL, ...) already set: a browser test mostly waits on a page
# and a portal, so the two lanes share 2 cores well.
#
#   E2E_WORKERS   Playwright workers (default 2)
set -euo pipefail
cd "$(dirname "$0")/.."
source dev/lib.sh

pids=()
cleanup() {
	((${#pids[@]})) && kill "${pids[@]}" 2>/dev/null
	return 0
}
trap cleanup EXIT
trap 'exit 143' TERM INT

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
pids+=($!)
# The fake Browser Print agent (the address the webapp's CSP allows) and fake
# network printers; the printing spec drives it through its control address.
export PRINTER_SIM_CONTROL=127.0.0.1:9199
bin/printersim > "$logs/printersim-e2e.log" 2>&1 &
pids+=($!)
export PRINTER_SIM_URL="http://$PRINTER_SIM_CONTROL"
for _ in $(seq 1 100); do
	curl -fs -o /dev/null "$E2E_BASE_URL/management/version" && break
	sleep 0.2
done
E2E_WORKERS=${E2E_WORKERS:-2} pnpm --filter @portal/webapp e2e

say "== the integrators' command line, as the README shows it: the API login ships a batch"
cli_out=$(mktemp -d)
PORTAL_PASSWORD=portal-demo bin/portal-cli ship -url "$E2E_BASE_URL" -login api -csv testdata/batches/valid.csv -manifest -out "$cli_out"
for file in "$cli_out"/labels-*.pdf "$cli_out"/manifest-*.pdf; do
	[[ $(head -c4 "$file") == %PDF ]] || die "portal-cli saved $file, which is no PDF"
done
rm -rf "$cli_out"
