#!/usr/bin/env bash
# make run: from a fresh machine to a working portal with demo data. Installs
# what is missing, starts PostgreSQL, Redis, Mailpit and Kratos (dev/stack.sh),
# builds, seeds, then serves the portal and both simulators until Ctrl-C,
# which stops everything this run started.
#
# State and logs go to ${PORTAL_STATE:-.state}; every port can be moved:
# dev/stack.sh's PORTAL_*_PORT, PORT (the portal), CARRIER_SIM_ADDR,
# TRACKING_SIM_ADDR, PRINTER_SIM_AGENT, PRINTER_SIM_CONTROL and
# PRINTER_SIM_PRINTERS (dev/run_test.sh runs a second `make run` that way).
set -euo pipefail
cd "$(dirname "$0")/.."
source dev/lib.sh

dev/install.sh
pnpm install --frozen-lockfile --reporter=silent

stack_was_up=false
dev/stack.sh status | grep -qv running || stack_was_up=true
# A failing start must stop the script: set -e does not see through eval "$(...)".
stack_env=$(dev/stack.sh up)
eval "$stack_env"

state="${PORTAL_STATE:-.state}"
children=()
# stop_children never fails, so the stack is stopped whatever the children did.
cleanup() {
	trap - INT TERM EXIT
	say "stopping…"
	stop_children "${children[@]}"
	$stack_was_up || dev/stack.sh down
}
trap cleanup INT TERM EXIT

dev/build.sh
mkdir -p "$state/logs"
bin/seed > "$state/demo-logins.txt"

tracking_addr=${TRACKING_SIM_ADDR:-127.0.0.1:8092}
bin/carriersim -tracking-url "http://$tracking_addr" >> "$state/logs/carriersim.log" 2>&1 & children+=($!)
bin/trackingsim >> "$state/logs/trackingsim.log" 2>&1 & children+=($!)
# A fake Browser Print agent and fake network printers: print as a demo user and see the jobs.
bin/printersim >> "$state/logs/printersim.log" 2>&1 & children+=($!)
# The portal prints only to the printer network; here the simulator's address.
export PRINTER_NETWORKS=${PRINTER_NETWORKS:-127.0.0.2/32}
# Webhooks go only to allowed networks; here a receiver a developer runs on 127.0.0.3.
export WEBHOOK_NETWORKS=${WEBHOOK_NETWORKS:-127.0.0.3/32}
# /metrics for a Prometheus scraper, with a token kept in the state folder
# (the same every run, so a scrape config keeps working).
[[ -s $state/metrics-token ]] || head -c 24 /dev/urandom | base64 | tr -d '/+=' > "$state/metrics-token"
export METRICS_TOKEN=${METRICS_TOKEN:-$(cat "$state/metrics-token")}
# gRPC server reflection, for grpcurl and buf curl against the demo (off unless set).
export GRPC_REFLECTION=${GRPC_REFLECTION:-true}
bin/portal > >(tee -a "$state/logs/portal.log") 2>&1 & children+=($!)

port=${PORT:-8080}
for _ in $(seq 1 100); do
	curl -fs -o /dev/null "http://127.0.0.1:$port/management/health" && break
	sleep 0.2
done
health=$(curl -sS "http://127.0.0.1:$port/management/health" || true)
# The demo user's first batch, sent once, so that the dashboard shows where parcels go.
dev/demo-batch.sh "http://127.0.0.1:$port" >> "$state/logs/demo-batch.log" 2>&1 ||
	echo "The demo batch was not sent: see $state/logs/demo-batch.log" >&2
cat <<MSG

  Parcel portal: http://127.0.0.1:$port     (health: $health)
  Mail catcher:  $MAILPIT_URL
  API docs:      http://127.0.0.1:$port/api-docs/portal.openapi.yaml
  Metrics:       http://127.0.0.1:$port/metrics   (Authorization: Bearer $METRICS_TOKEN; docs/operations.md has a Prometheus scrape config)
  Probes:        http://127.0.0.1:$port/management/health/liveness and .../readiness
  Printed labels: http://${PRINTER_SIM_CONTROL:-127.0.0.1:9199}   (fake Browser Print agent on ${PRINTER_SIM_AGENT:-127.0.0.1:9100}, network printers ${PRINTER_SIM_PRINTERS:-127.0.0.2:9110 and :9111})

$(cat "$state/demo-logins.txt")

  Ctrl-C stops everything this run started.
MSG
# Whichever process ends first ends the run.
wait -n "${children[@]}"
