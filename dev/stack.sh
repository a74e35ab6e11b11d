#!/usr/bin/env bash
# Runs the real infrastructure the portal needs, on loopback, as our own
# processes (never the distribution's system services):
#
#   PostgreSQL 15  127.0.0.1:54329   databases portal, portal_test (role portal; the
#                                    database console reads them as portal_console),
#                                    kratos (role kratos)
#   Redis          127.0.0.1:63790   asynq queue
#   Mailpit        127.0.0.1:1025    SMTP; UI and JSON API on 127.0.0.1:8025
#   Ory Kratos     127.0.0.1:4433    public API; admin API on 127.0.0.1:4434
#
#   dev/stack.sh up       start what is not running, wait until all answer, print env
#   dev/stack.sh down     stop what `up` started (by pid file), gracefully
#   dev/stack.sh status   one line per service, "running" or "stopped" (exit 0;
#                         dev/run.sh and dev/test.sh grep the lines)
#   dev/stack.sh env      `export NAME=value` lines for the server and the tests
#
# All state (data, logs, pid files) lives in ${PORTAL_STATE:-<repo>/.state},
# except PostgreSQL's cluster when the `postgres` user cannot reach that
# folder (a checkout under a 0700 folder such as root's home): the cluster
# then lives in /var/lib/parcel-portal/<hash of the state folder>, recorded in
# $PORTAL_STATE/postgres.path (PORTAL_PG_ROOT chooses the folder outright).
# Every port can be moved with PORTAL_PG_PORT, PORTAL_REDIS_PORT,
# PORTAL_SMTP_PORT, PORTAL_MAILPIT_PORT, PORTAL_KRATOS_PUBLIC_PORT and
# PORTAL_KRATOS_ADMIN_PORT, so a second stack (dev/run_test.sh) can run beside
# the usual one.
# Processes outlive this script, so `make run` and `make test` can call `up`
# and then start their own programs. Binaries come from dev/install.sh.
# Typical use:  eval "$(dev/stack.sh up)"
set -euo pipefail
# shellcheck source=dev/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

STATE="${PORTAL_STATE:-$REPO_ROOT/.state}"
TIMEOUT="${STACK_TIMEOUT:-90}" # seconds each service may take to answer

PG_BIN=/usr/lib/postgresql/15/bin
PG_PORT=${PORTAL_PG_PORT:-54329}
REDIS_PORT=${PORTAL_REDIS_PORT:-63790}
SMTP_PORT=${PORTAL_SMTP_PORT:-1025}
MAILPIT_PORT=${PORTAL_MAILPIT_PORT:-8025}
# The defaults are also in dev/kratos/kratos.yml; others reach Kratos as
# environment overrides (kratos_start).
KRATOS_PUBLIC_PORT=${PORTAL_KRATOS_PUBLIC_PORT:-4433}
KRATOS_ADMIN_PORT=${PORTAL_KRATOS_ADMIN_PORT:-4434}

KRATOS_DIR="$REPO_ROOT/dev/kratos"
# Kratos logs in as its own role, owner of its own database: the portal's
# role (and the console's) cannot reach its identities, nor signal its backends.
KRATOS_DSN="postgres://kratos:kratos@127.0.0.1:$PG_PORT/kratos?sslmode=disable&max_conns=20&max_idle_conns=4"

init_paths() {
	mkdir -p "$STATE"
	STATE="$(cd "$STATE" && pwd)"
	RUN="$STATE/run"
	LOGS="$STATE/logs"
	mkdir -p "$RUN" "$LOGS"
	PG_PATH_FILE="$STATE/postgres.path"
	if [[ -n ${PORTAL_PG_ROOT:-} ]]; then
		PG_ROOT="$PORTAL_PG_ROOT"
	elif [[ -s $PG_PATH_FILE ]]; then
		PG_ROOT="$(head -1 "$PG_PATH_FILE")"
	else
		PG_ROOT="$STATE/postgres"
	fi
	pg_paths
}

# The cluster's folders, and its log: inside the state folder, the log is
# with the others; outside it, beside the cluster (and linked from logs/).
pg_paths() {
	PG_DATA="$PG_ROOT/data"
	PG_SOCK="$PG_ROOT/run"
	if [[ $PG_ROOT == "$STATE/postgres" ]]; then
		PG_LOG="$LOGS/postgres.log"
	else
		PG_LOG="$PG_ROOT/postgres.log"
	fi
}

print_env() {
	cat <<EOF
export DATABASE_URL=postgres://portal:portal@127.0.0.1:$PG_PORT/portal?sslmode=disable
export TEST_DATABASE_URL=postgres://portal:portal@127.0.0.1:$PG_PORT/portal_test?sslmode=disable
export CONSOLE_DATABASE_URL=postgres://portal_console:portal_console@127.0.0.1:$PG_PORT/portal?sslmode=disable
export TEST_CONSOLE_DATABASE_URL=postgres://portal_console:portal_console@127.0.0.1:$PG_PORT/portal_test?sslmode=disable
export REDIS_ADDR=127.0.0.1:$REDIS_PORT
export KRATOS_PUBLIC_URL=http://127.0.0.1:$KRATOS_PUBLIC_PORT
export KRATOS_ADMIN_URL=http://127.0.0.1:$KRATOS_ADMIN_PORT
export SMTP_ADDR=127.0.0.1:$SMTP_PORT
export MAILPIT_URL=http://127.0.0.1:$MAILPIT_PORT
EOF
}

# ---------------------------------------------------------------------------
# Process bookkeeping

# Prints the pid in a pid file if that process is alive and still runs the
# program we expect; pids are reused, so a live stranger must not count.
live_pid() {
	local pidfile=$1 program=$2 pid
	[[ -f $pidfile ]] || return 1
	pid="$(head -1 "$pidfile" 2>/dev/null)" || return 1
	[[ $pid =~ ^[0-9]+$ ]] || return 1
	kill -0 "$pid" 2>/dev/null || return 1
	tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$program" || return 1
	printf '%s\n' "$pid"
}

# Starts a long-running program detached from this script (own session, no
# terminal, stdin closed) and records its pid. The wrapper shell writes its own
# pid and then execs the program, so the pid file names the program itself.
spawn() {
	local name=$1 log=$2 dir=$3
	shift 3
	rm -f "$RUN/$name.pid"
	(
		cd "$dir"
		exec 8>&- # the stack lock must not outlive this script
		# shellcheck disable=SC2016 # $$ and $@ belong to the inner shell
		exec setsid bash -c 'echo $$ >"$0"; exec "$@"' "$RUN/$name.pid" "$@"
	) </dev/null >>"$log" 2>&1 &
	# Wait briefly for the pid file so that a fast crash is still attributable.
	for _ in {1..50}; do
		[[ -s $RUN/$name.pid ]] && return 0
		sleep 0.1
	done
}

# Sends TERM, waits up to 30 s for the process to go, then KILL.
stop_pid() {
	local name=$1 pid=$2
	kill -TERM "$pid" 2>/dev/null || return 0
	for _ in {1..300}; do
		kill -0 "$pid" 2>/dev/null || return 0
		sleep 0.1
	done
	say "$name: did not stop within 30 s, killing pid $pid"
	kill -KILL "$pid" 2>/dev/null || true
}

# Polls a readiness check until it passes. Gives up when TIMEOUT expires or
# as soon as the process is gone (pid_fn fails), naming the log file and
# showing its tail.
wait_ready() {
	local name=$1 log=$2 pid_fn=$3 why
	shift 3
	why="$(try_ready "$pid_fn" "$@")" || ready_failed "$name" "$log" "$why"
}

# Polls a readiness check until it passes (status 0), or prints why not
# (status 1): the process is gone (pid_fn fails) or TIMEOUT expired.
try_ready() {
	local pid_fn=$1 deadline=$((SECONDS + TIMEOUT))
	shift
	until "$@" >/dev/null 2>&1; do
		if ! "$pid_fn" >/dev/null; then
			echo "exited before it was ready"
			return 1
		elif ((SECONDS >= deadline)); then
			echo "did not become ready within ${TIMEOUT}s"
			return 1
		fi
		sleep 0.2
	done
}

ready_failed() {
	local name=$1 log=$2 why=$3
	say "---- last lines of $log ----"
	tail -n 20 "$log" >&2 || true
	die "$name $why; see $log"
}

# Starts a service (start_fn) and waits until it answers, as wait_ready
# does. A start that ends at once because a port is still held ("address
# already in use") is tried again every 5 s for up to 90 s: no program
# listens there (require_free_ports saw to that), but a socket of the
# previous run of the service or an outgoing connection that was given the
# port (ports in the ephemeral range, 32768-60999) can hold it, also in
# TIME_WAIT, for up to 60 s after it closed. Seen as a rare Kratos start
# failing on its admin port when `make chaos` restarted it.
start_ready() {
	local name=$1 log=$2 start_fn=$3 pid_fn=$4 ready_fn=$5 mark why tries=0
	while :; do
		mark=$(stat -c %s "$log" 2>/dev/null || echo 0)
		"$start_fn"
		why="$(try_ready "$pid_fn" "$ready_fn")" && return 0
		if [[ $why == exited* ]] && ((++tries <= 18)) &&
			tail -c "+$((mark + 1))" "$log" 2>/dev/null | grep -qi "address already in use"; then
			say "$name: a port is still held (address already in use); trying again in 5 s ($tries of 18)"
			sleep 5
			continue
		fi
		ready_failed "$name" "$log" "$why"
	done
}

# Refuses to start a service when another program holds one of its ports: we
# would otherwise talk to the wrong thing and report it as ours.
require_free_ports() {
	local name=$1 port owner
	shift
	for port in "$@"; do
		if port_open "$port"; then
			owner="$(port_owner "$port")"
			die "$name: port 127.0.0.1:$port is already taken by ${owner:-another process} that dev/stack.sh did not start; stop it or free the port"
		fi
	done
}

http_ok() { curl -fsS -o /dev/null --max-time 2 "$1"; }

# ---------------------------------------------------------------------------
# PostgreSQL: runs as the `postgres` user (it refuses root) on a cluster that
# user owns; TCP on loopback only, socket inside its own folder.

pg() { runuser -u postgres -- "$@"; }
pg_pid() { live_pid "$PG_DATA/postmaster.pid" postgres; }
pg_ready() { "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; }
psql_admin() {
	"$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$PG_SOCK" -p "$PG_PORT" -U postgres -d postgres "$@"
}

# True when the postgres user may write in the cluster's folder and its log.
pg_reachable() {
	mkdir -p "$PG_ROOT" "$PG_SOCK"
	chown postgres:postgres "$PG_ROOT" "$PG_SOCK"
	touch "$PG_LOG"
	chown postgres:postgres "$PG_LOG"
	pg test -w "$PG_ROOT" -a -w "$PG_LOG"
}

# A folder the postgres user reaches, one per state folder (its path's hash),
# so two checkouts never share a cluster and a checkout keeps its own.
pg_outside_root() {
	local hash
	hash="$(printf '%s' "$STATE" | sha256sum | cut -c1-16)"
	printf '/var/lib/parcel-portal/%s/postgres\n' "$hash"
}

pg_init() {
	if ! pg_reachable; then
		# Only the default place moves: a chosen (PORTAL_PG_ROOT) or recorded one is kept.
		[[ -z ${PORTAL_PG_ROOT:-} && ! -s $PG_PATH_FILE ]] ||
			die "postgres: the postgres user cannot reach $PG_ROOT; every folder above it needs o+x (PORTAL_STATE=$STATE)"
		rmdir "$PG_SOCK" "$PG_ROOT" 2>/dev/null || true
		PG_ROOT="$(pg_outside_root)"
		pg_paths
		say "postgres: the postgres user cannot reach $STATE; keeping the cluster in $PG_ROOT"
		mkdir -p "$(dirname "$PG_ROOT")"
		chmod 755 /var/lib/parcel-portal "$(dirname "$PG_ROOT")"
		pg_reachable || die "postgres: the postgres user cannot reach $PG_ROOT either"
		printf '%s\n' "$PG_ROOT" >"$PG_PATH_FILE"
		ln -sfn "$PG_LOG" "$LOGS/postgres.log"
	fi
	[[ -f $PG_DATA/PG_VERSION ]] && return 0
	say "postgres: creating cluster in $PG_DATA"
	# trust on the private socket (for this script), passwords over TCP.
	pg "$PG_BIN/initdb" -D "$PG_DATA" -U postgres -E UTF8 --locale=C.UTF-8 \
		--auth-local=trust --auth-host=scram-sha-256 -N >>"$PG_LOG" 2>&1 ||
		die "postgres: initdb failed; see $PG_LOG"
	echo "include_if_exists = 'portal.conf'" >>"$PG_DATA/postgresql.conf"
}

# Our settings, rewritten on every start so that edits here reach old clusters.
pg_write_conf() {
	cat >"$PG_DATA/portal.conf" <<EOF
# Written by dev/stack.sh on every start; edit the script, not this file.
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '$PG_SOCK'
max_connections = 300
shared_buffers = 128MB
timezone = 'UTC'
# Throwaway dev/test data: trade durability for speed.
fsync = off
synchronous_commit = off
full_page_writes = off
log_min_messages = warning
log_line_prefix = '%m [%p] %q%u@%d '
EOF
	chown postgres:postgres "$PG_DATA/portal.conf"
}

pg_start() {
	require_free_ports postgres "$PG_PORT"
	pg_write_conf
	say "postgres: starting on 127.0.0.1:$PG_PORT"
	# setsid: the postmaster must not belong to the caller's session.
	setsid -w runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_LOG" \
		-w -t "$TIMEOUT" start >/dev/null 8>&- ||
		{
			tail -n 20 "$PG_LOG" >&2
			die "postgres did not start; see $PG_LOG"
		}
}

# Roles and databases the portal, its tests, its database console and Kratos
# expect; cheap to re-check, and it brings a cluster of the days of one role
# (portal, which owned the kratos database too) up to date.
pg_provision() {
	local db
	pg_role portal "LOGIN PASSWORD 'portal' CREATEDB"
	# The database console's role: reads what the portal grants it at start
	# (postgres.GrantConsole), nothing else; read-only and bounded in time
	# whatever a statement asks.
	pg_role portal_console "LOGIN PASSWORD 'portal_console' NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT CONNECTION LIMIT 10"
	psql_admin -c "ALTER ROLE portal_console SET default_transaction_read_only = on" \
		-c "ALTER ROLE portal_console SET statement_timeout = '10s'" \
		-c "ALTER ROLE portal_console SET idle_in_transaction_session_timeout = '30s'"
	pg_role kratos "LOGIN PASSWORD 'kratos' NOSUPERUSER NOCREATEDB NOCREATEROLE"
	for db in portal portal_test; do
		pg_database "$db" portal
	done
	pg_database kratos kratos
	pg_hand_over kratos portal kratos
	# template1 too: the databases dev/scale.sh and dev/load.sh create afresh.
	for db in portal portal_test template1; do
		pg_console_functions "$db"
	done
}

# Functions every role may call that the console's role must not: turning
# read-only off for the session (set_config), and signalling backends (its
# own other statements'). The portal's role keeps them (its tests end
# sessions on purpose), and Kratos' the settings.
pg_console_functions() {
	psql_admin -d "$1" \
		-c "REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC" \
		-c "GRANT EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) TO portal, kratos" \
		-c "REVOKE EXECUTE ON FUNCTION pg_catalog.pg_terminate_backend(integer, bigint), pg_catalog.pg_cancel_backend(integer) FROM PUBLIC" \
		-c "GRANT EXECUTE ON FUNCTION pg_catalog.pg_terminate_backend(integer, bigint), pg_catalog.pg_cancel_backend(integer) TO portal"
}

# Creates role $1 with the attributes $2 unless it exists.
pg_role() {
	if [[ -z $(psql_admin -tAc "SELECT 1 FROM pg_roles WHERE rolname = '$1'") ]]; then
		psql_admin -c "CREATE ROLE $1 $2"
	fi
}

# Creates database $1 owned by $2, or hands an existing one to $2.
pg_database() {
	if [[ -z $(psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = '$1'") ]]; then
		psql_admin -c "CREATE DATABASE $1 OWNER $2"
	else
		psql_admin -c "ALTER DATABASE $1 OWNER TO $2"
	fi
}

# Hands the tables, views, sequences, types and functions of database $1
# that role $2 owns to role $3 (REASSIGN OWNED would hand over $2's other
# databases too).
pg_hand_over() {
	psql_admin -d "$1" -v from="$2" -v to="$3" <<'SQL'
SELECT format('ALTER %s %s OWNER TO %I',
		CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END,
		c.oid::regclass, :'to')
	FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
	WHERE c.relowner = :'from'::regrole AND n.nspname NOT IN ('pg_catalog', 'information_schema')
		AND n.nspname NOT LIKE 'pg_toast%' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
		-- a sequence of a table's column goes with its table
		AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
			AND d.objid = c.oid AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')))
UNION ALL
SELECT format('ALTER SCHEMA %I OWNER TO %I', nspname, :'to') FROM pg_namespace
	WHERE nspowner = :'from'::regrole
UNION ALL
SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, :'to') FROM pg_proc p
	WHERE p.proowner = :'from'::regrole
UNION ALL
SELECT format('ALTER TYPE %s OWNER TO %I', t.oid::regtype, :'to') FROM pg_type t
	WHERE t.typowner = :'from'::regrole AND t.typtype IN ('e', 'd', 'c') AND t.typrelid = 0
\gexec
SQL
}

postgres_up() {
	[[ -x $PG_BIN/postgres ]] || die "postgres: $PG_BIN not found; run dev/install.sh"
	pg_init
	if ! pg_pid >/dev/null; then
		pg_start
	fi
	wait_ready postgres "$PG_LOG" pg_pid pg_ready
	pg_provision
}

postgres_down() {
	pg_pid >/dev/null || return 0
	say "postgres: stopping"
	pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w -t 60 stop >/dev/null
}

# ---------------------------------------------------------------------------
# Redis: Debian's redis-server, daemonized with its own pid file.

redis_pid() { live_pid "$RUN/redis.pid" redis-server; }
redis_ready() { [[ $(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null) == PONG ]]; }

redis_up() {
	have redis-server || die "redis: redis-server not found; run dev/install.sh"
	if ! redis_pid >/dev/null; then
		rm -f "$RUN/redis.pid"
		require_free_ports redis "$REDIS_PORT"
		mkdir -p "$STATE/redis"
		say "redis: starting on 127.0.0.1:$REDIS_PORT"
		redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --protected-mode yes \
			--daemonize yes --pidfile "$RUN/redis.pid" \
			--dir "$STATE/redis" --logfile "$LOGS/redis.log" \
			--save "60 1" --appendonly no >/dev/null 8>&-
		# The daemon writes its pid file just after the launcher returns.
		for _ in {1..50}; do
			[[ -s $RUN/redis.pid ]] && break
			sleep 0.1
		done
	fi
	wait_ready redis "$LOGS/redis.log" redis_pid redis_ready
}

redis_down() {
	local pid
	pid="$(redis_pid)" || return 0
	say "redis: stopping"
	stop_pid redis "$pid"
	rm -f "$RUN/redis.pid"
}

# ---------------------------------------------------------------------------
# Mailpit: catches every mail (Kratos' codes, the portal's own mails).

MAILPIT_BIN="$LOCAL_BIN/mailpit"
# By the name under .local/bin, not the whole path: a git worktree of this
# repository (its own .local) shares the stack of the checkout it names in
# PORTAL_STATE.
mailpit_pid() { live_pid "$RUN/mailpit.pid" "/.local/bin/mailpit"; }
mailpit_ready() { http_ok "http://127.0.0.1:$MAILPIT_PORT/livez"; }

mailpit_start() {
	require_free_ports mailpit "$SMTP_PORT" "$MAILPIT_PORT"
	mkdir -p "$STATE/mailpit"
	say "mailpit: starting (SMTP 127.0.0.1:$SMTP_PORT, API 127.0.0.1:$MAILPIT_PORT)"
	# accept-any + allow-insecure: clients may send with or without AUTH, no TLS.
	spawn mailpit "$LOGS/mailpit.log" "$STATE/mailpit" "$MAILPIT_BIN" \
		--smtp "127.0.0.1:$SMTP_PORT" --listen "127.0.0.1:$MAILPIT_PORT" \
		--smtp-auth-accept-any --smtp-auth-allow-insecure \
		--database "$STATE/mailpit/mailpit.db" --max 5000
}

mailpit_up() {
	[[ -x $MAILPIT_BIN ]] || die "mailpit: $MAILPIT_BIN not found; run dev/install.sh"
	if mailpit_pid >/dev/null; then
		wait_ready mailpit "$LOGS/mailpit.log" mailpit_pid mailpit_ready
		return
	fi
	rm -f "$RUN/mailpit.pid"
	start_ready mailpit "$LOGS/mailpit.log" mailpit_start mailpit_pid mailpit_ready
}

mailpit_down() {
	local pid
	pid="$(mailpit_pid)" || return 0
	say "mailpit: stopping"
	stop_pid mailpit "$pid"
	rm -f "$RUN/mailpit.pid"
}

# ---------------------------------------------------------------------------
# Ory Kratos: identities, passwords, TOTP, verification and recovery codes.

KRATOS_BIN="$LOCAL_BIN/kratos"
kratos_pid() { live_pid "$RUN/kratos.pid" "/.local/bin/kratos"; }
kratos_ready() { http_ok "http://127.0.0.1:$KRATOS_ADMIN_PORT/admin/health/ready"; }
# What the running Kratos was started with; a change means restart.
kratos_fingerprint() {
	printf 'log level %s\n' "${KRATOS_LOG_LEVEL:-}"
	# Kratos once logged in as portal: a running one restarts as kratos.
	printf 'database role kratos\n'
	# Only moved ports are named, so the usual stack's fingerprint stays as it was.
	[[ $(kratos_ports) == "4433 4434 1025" ]] || printf 'ports %s\n' "$(kratos_ports)"
	# Kratos caches parsed mail templates, so a template edit needs a restart too.
	files_sha "$KRATOS_DIR/kratos.yml" "$KRATOS_DIR/identity.schema.json" "$LOCAL_BIN/.kratos.stamp" \
		$(find "$KRATOS_DIR/mail-templates" -type f 2>/dev/null | sort)
}

kratos_ports() { printf '%s %s %s' "$KRATOS_PUBLIC_PORT" "$KRATOS_ADMIN_PORT" "$SMTP_PORT"; }

# Kratos' environment: SQA_OPT_OUT, no usage telemetry (there is no
# internet to send it to); KRATOS_LOG_LEVEL (e.g. info, debug) overrides the
# config's log level; moved ports override kratos.yml's (Kratos reads any
# config key from the environment).
kratos_vars() {
	KRATOS_VARS=(DSN="$KRATOS_DSN" SQA_OPT_OUT=true)
	[[ -n ${KRATOS_LOG_LEVEL:-} ]] && KRATOS_VARS+=(LOG_LEVEL="$KRATOS_LOG_LEVEL")
	KRATOS_VARS+=(SERVE_PUBLIC_PORT="$KRATOS_PUBLIC_PORT" SERVE_PUBLIC_BASE_URL="http://127.0.0.1:$KRATOS_PUBLIC_PORT/"
		SERVE_ADMIN_PORT="$KRATOS_ADMIN_PORT" SERVE_ADMIN_BASE_URL="http://127.0.0.1:$KRATOS_ADMIN_PORT/"
		COURIER_SMTP_CONNECTION_URI="smtp://127.0.0.1:$SMTP_PORT/?disable_starttls=true")
}

kratos_migrate() {
	kratos_vars
	say "kratos: migrating the kratos database"
	(cd "$KRATOS_DIR" && env "${KRATOS_VARS[@]}" "$KRATOS_BIN" migrate sql -e --yes) >>"$LOGS/kratos-migrate.log" 2>&1 ||
		{
			tail -n 20 "$LOGS/kratos-migrate.log" >&2
			die "kratos: migration failed; see $LOGS/kratos-migrate.log"
		}
}

kratos_start() {
	kratos_vars
	require_free_ports kratos "$KRATOS_PUBLIC_PORT" "$KRATOS_ADMIN_PORT"
	say "kratos: starting (public 127.0.0.1:$KRATOS_PUBLIC_PORT, admin 127.0.0.1:$KRATOS_ADMIN_PORT)"
	kratos_fingerprint >"$RUN/kratos.fingerprint"
	# The working directory is dev/kratos: the config names its identity
	# schema relative to it, so the config holds no machine-specific path.
	spawn kratos "$LOGS/kratos.log" "$KRATOS_DIR" \
		env "${KRATOS_VARS[@]}" "$KRATOS_BIN" serve --dev --watch-courier -c "$KRATOS_DIR/kratos.yml"
}

kratos_up() {
	[[ -x $KRATOS_BIN ]] || die "kratos: $KRATOS_BIN not found; run dev/install.sh"
	local pid
	if pid="$(kratos_pid)"; then
		if [[ $(cat "$RUN/kratos.fingerprint" 2>/dev/null) == "$(kratos_fingerprint)" ]]; then
			wait_ready kratos "$LOGS/kratos.log" kratos_pid kratos_ready
			return
		fi
		say "kratos: config, identity schema, binary or log level changed; restarting"
		stop_pid kratos "$pid"
	fi
	rm -f "$RUN/kratos.pid"
	kratos_migrate
	start_ready kratos "$LOGS/kratos.log" kratos_start kratos_pid kratos_ready
}

kratos_down() {
	local pid
	pid="$(kratos_pid)" || return 0
	say "kratos: stopping"
	stop_pid kratos "$pid"
	rm -f "$RUN/kratos.pid"
}

# ---------------------------------------------------------------------------

status_line() {
	local name=$1 pid=$2 where=$3 log=$4
	if [[ -n $pid ]]; then
		printf '%-9s running  pid %-7s %-40s log %s\n' "$name" "$pid" "$where" "$log"
	else
		printf '%-9s stopped  %-11s %-40s log %s\n' "$name" "" "$where" "$log"
	fi
}

# Written in one go: callers pipe this into `grep -q`, which may exit after
# the first line; a later write would then kill us with SIGPIPE.
cmd_status() {
	local out
	out="$(
		status_line postgres "$(pg_pid || true)" "127.0.0.1:$PG_PORT" "$PG_LOG"
		status_line redis "$(redis_pid || true)" "127.0.0.1:$REDIS_PORT" "$LOGS/redis.log"
		status_line mailpit "$(mailpit_pid || true)" "smtp 127.0.0.1:$SMTP_PORT http 127.0.0.1:$MAILPIT_PORT" "$LOGS/mailpit.log"
		status_line kratos "$(kratos_pid || true)" "public :$KRATOS_PUBLIC_PORT admin :$KRATOS_ADMIN_PORT" "$LOGS/kratos.log"
	)"
	printf '%s\n' "$out"
}

# One `up` or `down` at a time (make run and make test may race). Every
# program we start gets fd 8 closed (8>&-), or it would hold the lock forever.
lock_stack() {
	exec 8>"$RUN/stack.lock"
	flock 8
}

main() {
	local cmd="${1:-}"
	case "$cmd" in
	up | down | status | env) ;;
	*) die "usage: $0 up|down|status|env" ;;
	esac
	init_paths
	case "$cmd" in
	up)
		[[ $(id -u) -eq 0 ]] || die "run as root (postgres is started through runuser)"
		lock_stack
		postgres_up
		redis_up
		mailpit_up
		kratos_up # needs postgres and mailpit
		say "stack: ready (state in $STATE)"
		print_env
		;;
	down)
		lock_stack
		kratos_down
		mailpit_down
		redis_down
		postgres_down
		;;
	status) cmd_status ;;
	env) print_env ;;
	esac
}

main "$@"
