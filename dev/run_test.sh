#!/usr/bin/env bash
# Tests `make run` on a new machine's terms (issue 16, "New machines"), beside
# the usual stack and without touching it: every port is moved and the state
# lives in a temporary folder of mode 0700, which the `postgres` user cannot
# traverse.
#
#   1. dev/stack.sh from a checkout under a 0700 folder (a copy of dev/, its
#      default state inside the copy) starts PostgreSQL with its cluster where
#      the postgres user reaches it, answers on the moved ports, and `down`
#      leaves no port open.
#   2. `make run` (SKIP_WEBAPP=1: the webapp already built is served) until the
#      portal answers, then SIGINT to its process group, as a terminal's Ctrl-C
#      sends it: make ends, and no port and no process of the run is left.
#
#   dev/run_test.sh [stack|run|all]   the first, the second, or both (default)
#
# Needs root (PostgreSQL runs through runuser) and the tools dev/install.sh
# puts in place. `make test` runs the first (about 20 s); `make test-run`
# runs the second (2-3 minutes: a whole `make run`), and CI calls it.
set -euo pipefail
cd "$(dirname "$0")/.."
source dev/lib.sh

what="${1:-all}"
[[ $what =~ ^(stack|run|all)$ ]] || die "usage: $0 [stack|run|all]"
[[ $(id -u) -eq 0 ]] || die "run as root (dev/stack.sh starts postgres through runuser)"
TIMEOUT="${RUN_TEST_TIMEOUT:-600}" # seconds `make run` may take to serve (a cold build is slow)

tmp="$(mktemp -d /tmp/portal-run-test.XXXXXX)" # mode 0700
chmod 700 "$tmp"
make_pid=
cleanup_envs=()
stack_sh=()

fail() {
	printf 'FAIL: %s\n' "$*" >&2
	exit 1
}

# Ports nobody listens on, picked at random above 20000.
ports=()
while ((${#ports[@]} < 14)); do
	p=$((20000 + RANDOM % 30000))
	[[ " ${ports[*]} " == *" $p "* ]] && continue
	port_open "$p" || ports+=("$p")
done

# The environment of a stack of our own: moved ports, state under $1.
stack_env() {
	printf '%s\n' "PORTAL_STATE=$1" \
		"PORTAL_PG_PORT=${ports[0]}" "PORTAL_REDIS_PORT=${ports[1]}" "PORTAL_SMTP_PORT=${ports[2]}" \
		"PORTAL_MAILPIT_PORT=${ports[3]}" "PORTAL_KRATOS_PUBLIC_PORT=${ports[4]}" "PORTAL_KRATOS_ADMIN_PORT=${ports[5]}"
}
run_env() {
	stack_env "$1"
	printf '%s\n' "PORT=${ports[6]}" "CARRIER_SIM_ADDR=127.0.0.1:${ports[7]}" "TRACKING_SIM_ADDR=127.0.0.1:${ports[8]}" \
		"PRINTER_SIM_AGENT=127.0.0.1:${ports[9]}" "PRINTER_SIM_CONTROL=127.0.0.1:${ports[10]}" \
		"PRINTER_SIM_PRINTERS=Zebra ZD421=127.0.0.2:${ports[11]}@203,Zebra ZT411=127.0.0.2:${ports[12]}@300" \
		"SKIP_WEBAPP=1" "STACK_TIMEOUT=180"
}

# Processes whose environment names this state folder: everything a run or a
# stack of ours started (the test itself never exports it), and the ones
# named by the stack's pid files (Redis rewrites its environment's memory
# for its process title).
processes_of() {
	local state=$1 dir pid file
	for dir in /proc/[0-9]*; do
		pid=${dir#/proc/}
		[[ $pid == "$$" || $pid == "$BASHPID" ]] && continue
		if tr '\0' '\n' 2>/dev/null <"$dir/environ" | grep -qxF "PORTAL_STATE=$state"; then
			printf '%s %s\n' "$pid" "$(tr '\0' ' ' 2>/dev/null <"$dir/cmdline" | cut -c1-120)"
		fi
	done
	for file in "$state"/run/*.pid; do
		[[ -s $file ]] || continue
		pid="$(head -1 "$file")"
		[[ $pid =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null &&
			printf '%s %s\n' "$pid" "$(tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline" | cut -c1-120)"
	done
	return 0
}

# What each port is for, in the order of stack_env and run_env.
port_names=(postgres redis smtp mailpit kratos-public kratos-admin portal carriersim trackingsim
	printer-agent printer-control zebra-zd421 zebra-zt411 spare)

open_ports() {
	local i
	for i in "${!ports[@]}"; do
		if port_open "${ports[$i]}"; then printf '%s ' "${port_names[$i]}:${ports[$i]}"; fi
	done
}

# Whatever a failed test left: the run's group, our stacks (by their own pid
# files), the clusters kept outside the temporary folder, the folder.
cleanup() {
	local envs state root
	set +e
	if [[ -n $make_pid ]] && kill -0 "$make_pid" 2>/dev/null; then
		kill -TERM -- "-$make_pid" 2>/dev/null
		sleep 2
	fi
	for envs in "${cleanup_envs[@]}"; do
		mapfile -t vars <<<"$envs"
		env "${vars[@]}" "${stack_sh[@]}" down >/dev/null 2>&1
		state=${vars[0]#PORTAL_STATE=}
		if [[ -s $state/postgres.path ]]; then
			root="$(head -1 "$state/postgres.path")"
			[[ $root == /var/lib/parcel-portal/*/postgres ]] && rm -rf "$(dirname "$root")"
			rmdir /var/lib/parcel-portal 2>/dev/null
		fi
	done
	rm -rf "$tmp"
}
trap cleanup EXIT

# ---------------------------------------------------------------------------
# 1. dev/stack.sh from a checkout under a 0700 folder.
test_stack() {
	say "== 1. dev/stack.sh from a checkout under a 0700 folder"
	checkout="$tmp/checkout"
	mkdir -p "$checkout"
	cp -a dev "$checkout/dev"
	ln -s "$REPO_ROOT/.local" "$checkout/.local"
	stack_sh=("$checkout/dev/stack.sh")
	# Its state is the checkout's own .state, the default.
	state1="$checkout/.state"
	env1="$(stack_env "$state1")"
	cleanup_envs+=("$env1")
	mapfile -t vars1 <<<"$env1"
	unset_state=(env -u PORTAL_STATE)
	up="$("${unset_state[@]}" "${vars1[@]:1}" "${stack_sh[@]}" up 2>"$tmp/stack-up.log")" ||
		{
			cat "$tmp/stack-up.log" >&2
			fail "dev/stack.sh up failed from a checkout under a 0700 folder"
		}
	grep -q "DATABASE_URL=postgres://portal:portal@127.0.0.1:${ports[0]}/portal" <<<"$up" ||
		fail "dev/stack.sh up did not print the moved database port: $up"
	[[ -s $state1/postgres.path ]] || fail "the cluster stayed in $state1, which the postgres user cannot reach"
	root1="$(head -1 "$state1/postgres.path")"
	[[ -f $root1/data/PG_VERSION ]] || fail "no cluster in $root1"
	runuser -u postgres -- test -r "$root1/data/PG_VERSION" || fail "the postgres user cannot read $root1"
	db_url="$(sed -n 's/^export DATABASE_URL=//p' <<<"$up")"
	[[ $(/usr/lib/postgresql/15/bin/psql -X -tA "$db_url" -c 'SELECT 1') == 1 ]] ||
		fail "the database on the moved port does not answer"
	[[ $(redis-cli -p "${ports[1]}" ping) == PONG ]] || fail "redis on the moved port does not answer"
	curl -fsS -o /dev/null --max-time 5 "http://127.0.0.1:${ports[5]}/admin/health/ready" || fail "kratos on the moved admin port does not answer"
	# A second `up` finds it all running, with the cluster where it was recorded.
	"${unset_state[@]}" "${vars1[@]:1}" "${stack_sh[@]}" up >/dev/null 2>&1 || fail "a second dev/stack.sh up failed"
	"${unset_state[@]}" "${vars1[@]:1}" "${stack_sh[@]}" down 2>/dev/null
	left="$(open_ports)"
	[[ -z $left ]] || fail "dev/stack.sh down left ports open: $left"
	say "ok: cluster in $root1; the moved ports answered, then closed"
}

# ---------------------------------------------------------------------------
# 2. make run, then SIGINT to its process group.
test_run() {
	say "== 2. make run, then SIGINT to its process group"
	stack_sh=(dev/stack.sh)
	state2="$tmp/state"
	env2="$(run_env "$state2")"
	cleanup_envs+=("$env2")
	mapfile -t vars2 <<<"$env2"
	run_log="$tmp/make-run.log"
	# setsid: the run gets a process group of its own (make's pid), as a
	# terminal's foreground job has.
	env "${vars2[@]}" setsid make run >"$run_log" 2>&1 &
	make_pid=$!
	deadline=$((SECONDS + TIMEOUT))
	until grep -q "Ctrl-C stops everything this run started" "$run_log"; do
		kill -0 "$make_pid" 2>/dev/null || {
			tail -n 30 "$run_log" >&2
			fail "make run ended before it served"
		}
		((SECONDS < deadline)) || {
			tail -n 30 "$run_log" >&2
			fail "make run did not serve within ${TIMEOUT}s"
		}
		sleep 1
	done
	curl -fsS -o /dev/null "http://127.0.0.1:${ports[6]}/management/health" || fail "the portal does not answer on its moved port"
	curl -fsS -o /dev/null "http://127.0.0.1:${ports[6]}/management/health/readiness" || fail "the portal is not ready"
	# Metrics are on after make run, with the token it printed.
	token=$(sed -n 's/.*Authorization: Bearer \([^;]*\);.*/\1/p' "$run_log")
	[[ -n $token ]] || fail "make run printed no metrics token"
	metrics=$(curl -fsS -H "Authorization: Bearer $token" "http://127.0.0.1:${ports[6]}/metrics") || metrics=
	grep -q '^# TYPE ' <<<"$metrics" || fail "/metrics does not answer with the token make run printed"
	curl -fsS -o /dev/null "http://127.0.0.1:${ports[10]}/jobs" || fail "printersim does not answer on its moved control port"
	running="$(processes_of "$state2")"
	for program in postgres redis-server mailpit kratos bin/carriersim bin/trackingsim bin/printersim bin/portal; do
		grep -qF -- "$program" <<<"$running" || fail "$program is not among the run's processes: $running"
	done

	kill -INT -- "-$make_pid"
	deadline=$((SECONDS + 120))
	while kill -0 "$make_pid" 2>/dev/null; do
		((SECONDS < deadline)) || fail "make run did not end within 120 s of SIGINT"
		sleep 0.5
	done
	make_pid=
	left="$(open_ports)"
	[[ -z $left ]] || {
		tail -n 30 "$run_log" >&2
		fail "after SIGINT these ports are still open: $left"
	}
	left="$(processes_of "$state2")"
	[[ -z $left ]] || {
		tail -n 30 "$run_log" >&2
		fail "after SIGINT these processes are still running: $left"
	}
	grep -q "stopping…" "$run_log" || fail "the run did not clean up"
	say "ok: after SIGINT no port and no process of the run is left"
}

# ---------------------------------------------------------------------------
# 0. dev/run.sh's cleanup step: stop_children under set -e, with children that
# exit non-zero on TERM, returns so that the step after it runs.
test_stop_children() {
	say "== 0. stop_children under set -e, children that exit non-zero"
	local out
	# A script of its own: errexit is ignored inside a command that is tested.
	out="$(bash -c '
		set -euo pipefail
		source "$1"
		bash -c "trap \"kill \\\$!; exit 3\" TERM; sleep 60 & wait" &
		first=$!
		bash -c "trap \"kill \\\$!; exit 4\" TERM; sleep 60 & wait" &
		second=$!
		sleep 0.5
		stop_children "$first" "$second"
		echo "stack down runs"
	' stop_children_test "$REPO_ROOT/dev/lib.sh" 2>&1)" || true
	[[ $out == "stack down runs" ]] || fail "stop_children ended the cleanup before its next step: $out"
	say "ok: the cleanup goes on after children that exit non-zero"
}

test_stop_children
[[ $what == run ]] || test_stack
[[ $what == stack ]] || test_run
