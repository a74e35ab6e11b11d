#!/usr/bin/env bash
# make load: the portal under its users' journeys for a bounded time, with
# figures per journey (requests/s, p50/p95/p99, errors) and the portal's
# memory; cmd/load says what each phase does. Starts the stack if it is
# down, builds, seeds a new database of its own (LOAD_DATABASE, portal_load) and
# serves a portal on 127.0.0.1:$LOAD_PORT (18088) as `make run` does, with its
# own job queue, then stops what it started. Not a timed test: the figures
# compare runs on one machine. CI runs a short one: LOAD_DURATION=20s.
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
database=${LOAD_DATABASE:-portal_load}
port_open "$port" && die "port $port is taken: set LOAD_PORT"
portal_pid=
cleanup() {
	trap - INT TERM EXIT
	if [[ -n $portal_pid ]]; then
		kill "$portal_pid" 2>/dev/null || true
		wait "$portal_pid" 2>/dev/null || true
	fi
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
bin/seed > /dev/null

logs="${PORTAL_STATE:-.state}/logs"
mkdir -p "$logs"
# The simulators inside the portal (no CARRIER_URL, no TRACKING_URL), its own
# queue so that no other portal's worker takes its jobs.
PORT=$port BATCH_QUEUE=${BATCH_QUEUE:-load} LOG_LEVEL=${LOG_LEVEL:-WARN} bin/portal > "$logs/portal-load.log" 2>&1 &
portal_pid=$!
for _ in $(seq 1 100); do
	curl -fs -o /dev/null "http://127.0.0.1:$port/management/health" && break
	sleep 0.2
done
LOAD_URL="http://127.0.0.1:$port" LOAD_PORTAL_PID=$portal_pid bin/load
