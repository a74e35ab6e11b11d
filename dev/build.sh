#!/usr/bin/env bash
# Builds the Go binaries into bin/ (version and build date linked in by
# dev/ldflags.sh) and the
# webapp into webapp/dist, which the portal serves.
set -euo pipefail
cd "$(dirname "$0")/.."

# dev/ldflags.sh: version from git describe, build date from the clock.
ldflags=$(dev/ldflags.sh)
version=${ldflags#-X main.version=}
version=${version%% *}

mkdir -p bin
go build -ldflags "$ldflags" -o bin/ ./cmd/...
if [[ ${SKIP_WEBAPP:-} != 1 ]]; then
	pnpm --filter @portal/webapp build >/dev/null
fi
echo "built $version" >&2
