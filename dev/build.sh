#!/usr/bin/env bash
# Builds the Go binaries into bin/ (version and build date linked in) and the
# webapp into webapp/dist, which the portal serves.
set -euo pipefail
cd "$(dirname "$0")/.."

version="0.1.0+$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
[[ -z $(git status --porcelain 2>/dev/null) ]] || version+=".dirty"
ldflags="-X main.version=$version -X main.buildDate=$(date -u +%Y-%m-%dT%H:%M:%SZ)"

mkdir -p bin
go build -ldflags "$ldflags" -o bin/ ./cmd/...
if [[ ${SKIP_WEBAPP:-} != 1 ]]; then
	pnpm --filter @portal/webapp build >/dev/null
fi
echo "built $version" >&2
