#!/usr/bin/env bash
# make scale: the production topology on one machine, and proof that nothing
# runs twice. Two portal processes (PORTAL_WORKER=false, ports SCALE_PORTS,
# 18093 and 18094) and two worker processes (`portal worker`) share one
# database (SCALE_DATABASE, portal_scale), Redis and its queue
# (BATCH_QUEUE=scale), Kratos and one carrier simulator (SCALE_CARRIER_PORT,
# 18095). cmd/load runs twice, SCALE_DURATION (30s) each: against the first
# portal alone, then spread over both (LOAD_URL names both: caller i goes to
# portal i mod 2, after checking that a sign-out and a captcha of one hold
# on the other). Every customer's automatic manifest is set to the next
# minute, so a slot falls due while both workers tick. Then it asserts:
#   - each shipment labelled once at the carrier (the simulator's counts per
#     client reference are all 1, and match the labelled shipments),
#   - every batch settled (SENT), none left sending,
#   - each automatic-manifest slot run by one worker only (the workers' logs)
#     and no batch manifested by two slots,
#   - each carrier customs document stored once per customer.
# Figures compare runs on one machine; on 2 shared cores two portals cannot
# be faster than one (they share the CPU): the run shows they hold together.
#
#   SCALE_DURATION=1m LOAD_USERS=10 make scale
set -euo pipefail
cd "$(dirname "$0")/.."
source dev/lib.sh

dev/install.sh
stack_was_up=false
dev/stack.sh status | grep -qv running || stack_was_up=true
# A running stack is used as it is (see dev/load.sh); one that is down is
# started and stopped after.
if $stack_was_up; then stack_env=$(dev/stack.sh env); else stack_env=$(dev/stack.sh up); fi
eval "$stack_env"

read -r port_a port_b <<< "${SCALE_PORTS:-18093 18094}"
carrier_port=${SCALE_CARRIER_PORT:-18095}
database=${SCALE_DATABASE:-portal_scale}
queue=${BATCH_QUEUE:-scale}
duration=${SCALE_DURATION:-30s}
for p in "$port_a" "$port_b" "$carrier_port"; do
	port_open "$p" && die "port $p is taken: set SCALE_PORTS or SCALE_CARRIER_PORT"
done
children=()
cleanup() {
	trap - INT TERM EXIT
	stop_children "${children[@]}"
	$stack_was_up || dev/stack.sh down >&2
}
trap cleanup INT TERM EXIT

SKIP_WEBAPP=1 dev/build.sh
# A database afresh each run: only this run's work is counted.
recreate_database "$DATABASE_URL" "$database"
export DATABASE_URL="${DATABASE_URL%/*}/$database?sslmode=disable"
# The database console reads this run's database too.
[[ -z ${CONSOLE_DATABASE_URL:-} ]] || export CONSOLE_DATABASE_URL="${CONSOLE_DATABASE_URL%/*}/$database?sslmode=disable"
bin/seed > /dev/null
sql() { psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -tAc "$1"; }

logs="${PORTAL_STATE:-.state}/logs/scale"
mkdir -p "$logs"
rm -f "$logs"/*.log

CARRIER_SIM_ADDR=127.0.0.1:$carrier_port bin/carriersim > "$logs/carriersim.log" 2>&1 &
children+=($!)
export CARRIER_URL=http://127.0.0.1:$carrier_port BATCH_QUEUE=$queue
# The captcha on, without CAPTCHA_SECRET: every process derives the same key
# from the credentials key they share (the development key here).
export CAPTCHA=self-hosted
for p in "$port_a" "$port_b"; do
	PORT=$p PORTAL_WORKER=false LOG_LEVEL=${LOG_LEVEL:-WARN} bin/portal > "$logs/portal-$p.log" 2>&1 &
	children+=($!)
done
pids="${children[1]},${children[2]}"
for w in 1 2; do
	LOG_LEVEL=INFO bin/portal worker > "$logs/worker-$w.log" 2>&1 &
	children+=($!)
done
for p in "$port_a" "$port_b"; do
	for _ in $(seq 1 100); do
		curl -fs -o /dev/null "http://127.0.0.1:$p/management/health" && break
		sleep 0.2
	done
done
for _ in $(seq 1 50); do
	curl -fs -o /dev/null "$CARRIER_URL/health" && break
	sleep 0.2
done

# A slot of every customer's automatic manifest at the next minute (read in
# Europe/Berlin, the hub zone of the demo customers), on every day.
slot=$(TZ=Europe/Berlin date -d '+1 min' +%H:%M)
sql "UPDATE customer SET auto_manifest_active = true, auto_manifest_time = '$slot',
	auto_manifest_days = ARRAY['MONDAY','TUESDAY','WEDNESDAY','THURSDAY','FRIDAY','SATURDAY','SUNDAY']" > /dev/null

busy="SELECT count(*) FROM batch WHERE status IN ('SENDING','RESENDING','RESENDING_CHANGE','CANCELLING','DELETING','CREATING_MANIFEST')"
settle() { # waits up to a minute for the batches' jobs to end
	for _ in $(seq 1 60); do
		[[ $(sql "$busy") == 0 ]] && return
		sleep 1
	done
}

say "one portal (:$port_a), two workers, $duration"
failed=0
LOAD_DURATION=$duration LOAD_URL="http://127.0.0.1:$port_a" LOAD_PORTAL_PID=${children[1]} bin/load | tee "$logs/one.txt" || failed=1
settle # the second run starts with idle workers, as the first did
say "two portals (:$port_a, :$port_b), two workers, $duration"
LOAD_DURATION=$duration LOAD_URL="http://127.0.0.1:$port_a,http://127.0.0.1:$port_b" LOAD_PORTAL_PID=$pids bin/load | tee "$logs/two.txt" || failed=1

# Wait for the slot to be claimed, then for a tick of the other worker
# (every 30 s) and the batches' jobs, before counting.
for _ in $(seq 1 120); do
	[[ $(sql "SELECT count(*) FROM auto_manifest_run") != 0 ]] && break
	sleep 1
done
sleep "${SCALE_SETTLE:-35}"
settle

check() { # check <what> <ok?>
	if [[ $2 == true ]]; then say "ok: $1"; else say "FAILED: $1"; failed=1; fi
}
curl -fsS "$CARRIER_URL/stats" > "$logs/carrier-stats.json"
issued=$(jq '.issued | length' "$logs/carrier-stats.json")
twice=$(jq '[.issued[] | select(. != 1)] | length' "$logs/carrier-stats.json")
# What cmd/load labelled: its batches (load.csv, and reads.csv that fills the
# report) and its single parcels (the parcel list's page).
loaded="FROM shipment s JOIN validated_shipment v ON v.id = s.validated_shipment_id LEFT JOIN batch b ON b.id = v.batch_id
	WHERE s.identifier <> '' AND (v.source <> 'BATCH' OR b.csv_file_name IN ('load.csv', 'reads.csv'))"
labelled=$(sql "SELECT count(*) $loaded")
sql "SELECT s.reference $loaded" > "$logs/labelled.txt"
jq -r '.issued | keys[]' "$logs/carrier-stats.json" | sort > "$logs/issued.txt"
sort -o "$logs/labelled.txt" "$logs/labelled.txt"
check "each of $labelled labelled shipments has one label at the carrier ($issued references issued, $twice more than once)" \
	"$([[ $twice == 0 && $labelled -gt 0 ]] && cmp -s "$logs/labelled.txt" "$logs/issued.txt" && echo true)"
sending=$(sql "$busy")
check "every batch settled ($(sql "SELECT string_agg(status || ' ' || n, ', ') FROM (SELECT status, count(*) n FROM batch GROUP BY 1 ORDER BY 1) t"); $sending busy)" \
	"$([[ $sending == 0 ]] && echo true)"
# Each batch job (a batch moved from one status to the next) ended once, in one worker.
jobs=$(cat "$logs"/worker-*.log | grep 'msg="batch job ended"' | grep 'moved=true' | grep -o 'batch=[0-9]* from=[A-Z_]*' || true)
job_count=$(printf '%s\n' "$jobs" | grep -c . || true)
job_distinct=$(printf '%s\n' "$jobs" | grep . | sort -u | wc -l)
job_split=$(for w in 1 2; do printf 'worker %s: %s  ' "$w" "$(grep 'msg="batch job ended"' "$logs/worker-$w.log" | grep -c 'moved=true' || true)"; done)
check "each batch job ran once ($job_count jobs of $job_distinct batch steps; $job_split)" \
	"$([[ $job_count -gt 0 && $job_count == "$job_distinct" ]] && echo true)"
runs=$(cat "$logs"/worker-*.log | grep -o 'auto-manifest slot run.*customer=[0-9]* slot=[^ ]*' | sed 's/.*customer=/customer=/' || true)
slots=$(printf '%s\n' "$runs" | grep -c . || true)
distinct=$(printf '%s\n' "$runs" | grep . | sort -u | wc -l)
per_worker=$(for w in 1 2; do printf 'worker %s: %s  ' "$w" "$(grep -c 'auto-manifest slot run' "$logs/worker-$w.log" || true)"; done)
in_two=$(sql "SELECT count(*) FROM (SELECT b FROM auto_manifest_run, unnest(batch_ids) b GROUP BY b HAVING count(*) > 1) t")
check "each automatic-manifest slot run once ($slots runs of $distinct slots; $per_worker; $in_two batches in two slots)" \
	"$([[ $slots -gt 0 && $slots == "$distinct" && $in_two == 0 && $slots == $(sql "SELECT count(*) FROM auto_manifest_run") ]] && echo true)"
docs=$(sql "SELECT count(*) FROM customs_document WHERE source = 'CARRIER'")
doubled=$(sql "SELECT count(*) FROM (SELECT 1 FROM customs_document WHERE source = 'CARRIER' GROUP BY customer_id, carrier_document_id HAVING count(*) > 1) t")
check "each collected customs document stored once ($docs collected, $doubled twice)" "$([[ $doubled == 0 ]] && echo true)"
((failed == 0)) || die "scale: something ran twice or did not settle (logs in $logs)"
say "scale: nothing ran twice (logs in $logs)"
