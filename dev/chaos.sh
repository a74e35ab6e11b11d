#!/usr/bin/env bash
# make chaos: the portal through faults, with figures (issue 16, "Faults";
# cmd/chaos says what each phase does and asserts). It kills and restarts
# services, so it never touches the usual stack: it runs a stack of its own
# on moved ports (55xxx) with its state in $CHAOS_STATE (.state/chaos), a
# portal with PORTAL_WORKER=false beside a separate `portal worker`, and the
# carrier simulator, then stops all of it.
#
#   make chaos                                     the short run (CI): 200 rows, 3 kills
#   CHAOS_ROWS=2000 CHAOS_KILLS=5 make chaos       the long run
#
# Knobs: CHAOS_ROWS, CHAOS_KILLS, CHAOS_FAULT_RATE and CHAOS_TIMEOUT_RATE
# (0.05 each: about 10% of carrier calls fail), CHAOS_CALL_TIMEOUT (the
# worker's carrier call timeout, 2s), CHAOS_SETTLE_TIMEOUT, CHAOS_RECOVER
# (10s: the promise for DOWN and for recovery), CHAOS_OUTAGES (the
# dependencies stopped in turn: db redis kratos mail carrier),
# CHAOS_SKIP_BATCH=1 (outages only), CHAOS_MAIL_WITHIN (30s: mails queued
# while SMTP was away arrive after its return), CHAOS_SKIP_READONLY=1.
set -euo pipefail
cd "$(dirname "$0")/.."
source dev/lib.sh

export PORTAL_STATE="${CHAOS_STATE:-$REPO_ROOT/.state/chaos}"
# The services are stopped and started again while the machine makes
# outgoing connections, so their ports lie below the ephemeral range
# (Linux: 32768-60999): a port in it can be given to an outgoing connection
# while its service is away, and then holds it, also for 60 s in TIME_WAIT
# after it closed. On 55xxx ports, Kratos failed to start now and then with
# "address already in use" on its admin port (dev/stack.sh now also tries
# again for 90 s).
export PORTAL_PG_PORT=${CHAOS_PG_PORT:-31432}
export PORTAL_REDIS_PORT=${CHAOS_REDIS_PORT:-31379}
export PORTAL_SMTP_PORT=${CHAOS_SMTP_PORT:-31025}
export PORTAL_MAILPIT_PORT=${CHAOS_MAILPIT_PORT:-31026}
export PORTAL_KRATOS_PUBLIC_PORT=${CHAOS_KRATOS_PUBLIC_PORT:-31433}
export PORTAL_KRATOS_ADMIN_PORT=${CHAOS_KRATOS_ADMIN_PORT:-31434}
export CHAOS_PORT=${CHAOS_PORT:-31080}
export CARRIER_SIM_ADDR=${CHAOS_CARRIER_ADDR:-127.0.0.1:31091}
[[ $(id -u) -eq 0 ]] || die "run as root (dev/stack.sh starts postgres through runuser)"
for p in "$CHAOS_PORT" "${CARRIER_SIM_ADDR##*:}"; do
	port_open "$p" && die "port $p is taken: move it (CHAOS_PORT, CHAOS_CARRIER_ADDR)"
done
if read -r low high </proc/sys/net/ipv4/ip_local_port_range 2>/dev/null; then
	for p in "$PORTAL_PG_PORT" "$PORTAL_REDIS_PORT" "$PORTAL_SMTP_PORT" "$PORTAL_MAILPIT_PORT" \
		"$PORTAL_KRATOS_PUBLIC_PORT" "$PORTAL_KRATOS_ADMIN_PORT" "$CHAOS_PORT" "${CARRIER_SIM_ADDR##*:}"; do
		((p < low || p > high)) || say "note: port $p is in the ephemeral range $low-$high; a restart may find it held"
	done
fi

dev/install.sh
SKIP_WEBAPP=1 dev/build.sh

cleanup() {
	trap - INT TERM EXIT
	dev/stack.sh down >&2 || true
}
trap cleanup INT TERM EXIT
stack_env=$(dev/stack.sh up)
eval "$stack_env"
mkdir -p "$PORTAL_STATE/logs"
# A run stopped in its read-only phase leaves the database read-only.
psql -X -q "$DATABASE_URL" -c "SET default_transaction_read_only = off" \
	-c "ALTER DATABASE portal RESET default_transaction_read_only"
bin/seed >/dev/null
bin/chaos
