#!/usr/bin/env bash
# make load: the portal under its users' journeys for a bounded time, with
# figures per journey (requests/s, p50/p95/p99, errors) and the portal's
# memory; cmd/load says what each phase does. Starts the stack if it is
# down, builds, seeds a new database of its own (LOAD_DATABASE, portal_load)
# and serves a portal on 127.0.0.1:$LOAD_PORT (18088) as `make run` does, with
# its own job queue and the carrier and tracking simulators in processes of
# their own (LOAD_CARRIER_PORT 18089, LOAD_TRACKING_PORT 18090), then stops
# what it started. Not a timed test: the figures compare runs on one machine. CI runs a short one: LOAD_DURATION=20s.
#
#   LOAD_DURATION=5m LOAD_USERS=200 make load
set -euo pipefail
cd "$(dirname "$0")/.."
source dev/lib.sh

dev/install.sh
stack_was_up=false
dev/stack.sh status | grep -qv running || stack_was_up=true
# A running stack is used as it is: `up` from another checkout would restart
# Kratos (its fingerprint names the checkout's files) under everyone using it.
# A failing start must stop the script: set -e does not see through eval "$(...)".
if $stack_was_up; then stack_env=$(dev/stack.sh env); else stack_env=$(dev/stack.sh up); fi
eval "$stack_env"

port=${LOAD_PORT:-18088}
carrier_port=${LOAD_CARRIER_PORT:-18089}
tracking_port=${LOAD_TRACKING_PORT:-18090}
database=${LOAD_DATABASE:-portal_load}
for p in "$port" "$carrier_port" "$tracking_port"; do
	port_open "$p" && die "port $p is taken: set LOAD_PORT, LOAD_CARRIER_PORT or LOAD_TRACKING_PORT"
done
children=()
cleanup() {
	trap - INT TERM EXIT
	stop_children "${children[@]}"
	$stack_was_up || dev/stack.sh down >&2
}
trap cleanup INT TERM EXIT

SKIP_WEBAPP=1 dev/build.sh
go build -o bin/load ./cmd/load
# A new database each run, so that runs start alike: a run's portal is
# stopped with batches still sending, which the next run's worker would
# resume while its figures are taken.
recreate_database "$DATABASE_URL" "$database"
export DATABASE_URL="${DATABASE_URL%/*}/$database?sslmode=disable"
# The database console reads this run's database too.
[[ -z ${CONSOLE_DATABASE_URL:-} ]] || export CONSOLE_DATABASE_URL="${CONSOLE_DATABASE_URL%/*}/$database?sslmode=disable"
bin/seed > /dev/null

logs="${PORTAL_STATE:-.state}/logs"
mkdir -p "$logs"
# The carrier and tracking simulators in processes of their own, as the
# carrier's services are in production: the carrier simulator keeps every
# label it issued in memory, which inside the portal counted as the
# portal's memory (about half of its live heap with 200 users). The portal
# has its own queue, so that no other portal's worker takes its jobs.
TRACKING_SIM_ADDR=127.0.0.1:$tracking_port bin/trackingsim > "$logs/trackingsim-load.log" 2>&1 &
children+=($!)
CARRIER_SIM_ADDR=127.0.0.1:$carrier_port bin/carriersim -tracking-url "http://127.0.0.1:$tracking_port" > "$logs/carriersim-load.log" 2>&1 &
children+=($!)
CARRIER_URL=http://127.0.0.1:$carrier_port TRACKING_URL=http://127.0.0.1:$tracking_port PORT=$port \
	BATCH_QUEUE=${BATCH_QUEUE:-load} LOG_LEVEL=${LOG_LEVEL:-WARN} bin/portal > "$logs/portal-load.log" 2>&1 &
portal_pid=$!
children+=("$portal_pid")
for _ in $(seq 1 100); do
	curl -fs -o /dev/null "http://127.0.0.1:$port/management/health" && break
	sleep 0.2
done
LOAD_URL="http://127.0.0.1:$port" LOAD_PORTAL_PID=$portal_pid bin/load
