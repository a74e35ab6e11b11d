# shellcheck shell=bash
# Shared helpers for dev/install.sh and dev/stack.sh. Sourced, never executed.
# Plain bash; callers run with `set -euo pipefail`.

# Repo root, whatever the caller's working directory is.
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Binaries we build ourselves (git-ignored).
# shellcheck disable=SC2034 # used by the callers
LOCAL_BIN="$REPO_ROOT/.local/bin"

log() { printf '%s\n' "$*"; }
# Progress lines go to stderr so that `stack.sh up` keeps stdout for the env lines
# (`eval "$(dev/stack.sh up)"` must work).
say() { printf '%s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

have() { command -v "$1" >/dev/null 2>&1; }

# sha256 of the given files' contents (missing files hash as empty), one hex word.
files_sha() {
	local f
	for f in "$@"; do
		printf '%s\n' "$f"
		if [[ -f $f ]]; then cat "$f"; fi
	done | sha256sum | cut -d' ' -f1
}

# True when something accepts TCP connections on 127.0.0.1:$1. Uses bash's
# /dev/tcp so it works before iproute2 or curl are installed.
port_open() {
	(exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# Describes who listens on a port, for error messages ("" if unknown).
port_owner() {
	have ss || return 0
	ss -Hltnp "sport = :$1" 2>/dev/null | sed -n 's/.*users:((\(.*\)))/\1/p' | head -1
}

# Stops child processes of the calling shell (TERM) and reaps them. Never
# fails: under `set -e`, a child that already ended or one that exits non-zero
# after the signal (the portal, stopping while its worker is busy) must not
# end the caller's cleanup before the steps after it (dev/run.sh's
# `dev/stack.sh down`). `kill ... && wait ...` as a cleanup's last list did.
stop_children() {
	(($#)) || return 0
	kill "$@" 2>/dev/null || true
	wait "$@" 2>/dev/null || true
}

# Drops database $2 on the server of URL $1 and creates it anew, owned by
# portal: a harness's run starts from nothing. The drop ends the sessions
# still open on it (FORCE); an autovacuum worker cleaning up after the last
# run belongs to the superuser, which the portal role may not end, so the
# drop is tried again for up to 30 s while it finishes.
recreate_database() {
	local url=$1 name=$2 _
	for _ in $(seq 1 30); do
		psql "$url" -qc "DROP DATABASE IF EXISTS $name WITH (FORCE)" 2>/dev/null && break
		sleep 1
	done
	psql "$url" -qc "DROP DATABASE IF EXISTS $name WITH (FORCE)"
	psql "$url" -qc "CREATE DATABASE $name OWNER portal"
}
