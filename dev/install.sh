#!/usr/bin/env bash
# Installs what the dev stack, the build and the tests need on a fresh Debian
# machine (CI starts from one). Idempotent and quick when all is in place:
# it prints one line per thing it installs and nothing otherwise.
#
#   dev/install.sh          everything below
#   dev/install.sh apt      Debian packages only
#   dev/install.sh pnpm     pnpm (pinned) only
#   dev/install.sh tools    Go tool binaries in .local/bin only
#   dev/install.sh deps     pnpm install --frozen-lockfile at the repo root
#                           (not part of "all": the Makefile owns that step)
set -euo pipefail
# shellcheck source=dev/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PNPM_VERSION=12.21.0

# postgresql: dev/test database; redis-server: asynq queue; chromium(+driver):
# browser tests (never downloaded by Playwright); fonts: PDF and screenshot
# rendering; iproute2: `ss` names who holds a port; curl: readiness probes;
# jq: dev/kratos/smoke.sh and ad-hoc API calls; zbar-tools: zbarimg reads the
# barcodes of the golden ZPL label images back (webapp/src/printing/zplGolden.test.ts).
APT_PACKAGES=(
	postgresql postgresql-contrib
	redis-server
	chromium chromium-driver
	fonts-dejavu-core
	ca-certificates curl jq iproute2 procps util-linux
	zbar-tools
)

# Go tools: name, module directory (under tools/), package to build, and an
# optional -X setting that stamps the real version into the binary (Kratos
# warns when its config version differs from its own).
# Each tools module pins its versions in go.mod/go.sum (committed); the proxy
# here refuses `go install pkg@version` for some modules, so we build inside
# the module instead.
GO_TOOLS=(
	"kratos                     kratos  .  github.com/ory/kratos/driver/config.Version=v1.3.1"
	"mailpit                    mailpit github.com/axllent/mailpit  github.com/axllent/mailpit/config.Version=v1.22.0"
	"protoc-gen-go              codegen google.golang.org/protobuf/cmd/protoc-gen-go"
	"protoc-gen-connect-go      codegen connectrpc.com/connect/cmd/protoc-gen-connect-go"
	"protoc-gen-connect-openapi codegen github.com/sudorandom/protoc-gen-connect-openapi"
)

as_root() {
	if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

pkg_installed() {
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q '^install ok installed$'
}

install_apt() {
	local missing=() p
	for p in "${APT_PACKAGES[@]}"; do
		pkg_installed "$p" || missing+=("$p")
	done
	((${#missing[@]})) || return 0

	log "apt: installing ${missing[*]}"
	# Package scripts would start the system postgres (5432) and redis (6379)
	# services. We never use them (our own instances run on other ports from
	# dev/stack.sh), so forbid service starts for the duration of the install
	# unless the machine already has a policy of its own.
	local policy=/usr/sbin/policy-rc.d added_policy=
	if [[ ! -e $policy ]]; then
		printf '#!/bin/sh\nexit 101\n' | as_root tee "$policy" >/dev/null
		as_root chmod 755 "$policy"
		added_policy=1
	fi
	local rc=0
	{
		as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
			as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
				--no-install-recommends "${missing[@]}"
	} >/tmp/portal-apt.log 2>&1 || rc=$?
	[[ -n $added_policy ]] && as_root rm -f "$policy"
	((rc == 0)) || { tail -30 /tmp/portal-apt.log >&2; die "apt-get failed (full log: /tmp/portal-apt.log)"; }
	stop_system_services
}

# Stops the distribution's own postgres/redis if something started them anyway
# (a machine without the policy above, an earlier install). Only the system
# units are touched, never our instances from dev/stack.sh.
stop_system_services() {
	if have pg_lsclusters && pg_lsclusters -h 2>/dev/null | awk '$4 == "online"' | grep -q .; then
		pg_lsclusters -h | awk '$4 == "online" {print $1, $2}' | while read -r ver name; do
			as_root pg_ctlcluster "$ver" "$name" stop || true
		done
	fi
	if [[ -f /run/redis/redis-server.pid ]] && kill -0 "$(cat /run/redis/redis-server.pid)" 2>/dev/null; then
		as_root service redis-server stop >/dev/null 2>&1 || as_root kill "$(cat /run/redis/redis-server.pid)" || true
	fi
}

install_pnpm() {
	have npm || die "npm not found: install Node.js 20 first"
	local current=
	current="$(pnpm --version 2>/dev/null || true)"
	[[ $current == "$PNPM_VERSION" ]] && return 0
	log "pnpm: installing $PNPM_VERSION${current:+ (was $current)}"
	npm install -g --no-fund --no-audit --loglevel=error "pnpm@$PNPM_VERSION" >/dev/null
}

install_deps() {
	install_pnpm
	(cd "$REPO_ROOT" && pnpm install --frozen-lockfile)
}

# Builds one Go tool into .local/bin unless the binary exists and its stamp
# (sha256 of the tools module's go.mod, go.sum and Go sources, plus the -X
# setting) is unchanged.
build_go_tool() {
	local name=$1 dir="$REPO_ROOT/tools/$2" pkg=$3 xflag=${4:-}
	local bin="$LOCAL_BIN/$name" stamp="$LOCAL_BIN/.$name.stamp" want
	want="$(shopt -s nullglob; files_sha "$dir/go.mod" "$dir/go.sum" "$dir"/*.go)-$xflag"
	if [[ -x $bin && -f $stamp && $(cat "$stamp") == "$want" ]]; then
		return 0
	fi
	log "go: building $name (tools/$2)"
	local t0=$SECONDS
	# Plain `go build` (no -trimpath) so the build cache is shared with any
	# other build of the same packages on this machine.
	(cd "$dir" && go build ${xflag:+-ldflags "-X $xflag"} -o "$bin.tmp" "$pkg") ||
		die "building $name failed (in tools/$2)"
	mv -f "$bin.tmp" "$bin"
	printf '%s\n' "$want" >"$stamp"
	log "go: built $name in $((SECONDS - t0))s"
}

install_tools() {
	have go || die "go not found: install Go 1.26 first"
	mkdir -p "$LOCAL_BIN"
	# make run and make test may install at the same time: one builder at once.
	exec 9>"$LOCAL_BIN/.install.lock"
	flock 9
	local line
	for line in "${GO_TOOLS[@]}"; do
		# shellcheck disable=SC2086
		build_go_tool $line
	done
	flock -u 9
}

main() {
	case "${1:-all}" in
	all)
		install_apt
		install_pnpm
		install_tools
		;;
	apt) install_apt ;;
	pnpm) install_pnpm ;;
	tools) install_tools ;;
	deps) install_deps ;;
	*) die "usage: $0 [all|apt|pnpm|tools|deps]" ;;
	esac
}

main "$@"
