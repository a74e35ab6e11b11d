#!/usr/bin/env bash
# Keeps the server's map true: every Go package folder under core/, app/,
# adapters/ and cmd/ is named in README.md as `layer/name`. Run by make test;
# prints what is missing and fails. (The webapp's map is kept by its lint:
# webapp/scripts/checkMap.mjs.)
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
for dir in core/*/ app/*/ adapters/*/ cmd/*/; do
	dir=${dir%/}
	grep -qF "\`$dir\`" README.md || missing+=("README.md: $dir")
done
if ((${#missing[@]})); then
	printf 'missing from the map: %s\n' "${missing[@]}" >&2
	exit 1
fi
