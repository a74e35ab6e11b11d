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

# One name, one package: a package of core/ or app/ is imported by its own
# name. Where core/x and app/x would collide, the app package takes a name of
# its own (app/trackingsearch, app/addresses); an adapter that shares a
# core package's name is the one given another name in the file.
aliased=$(git ls-files -z '*.go' ':!:*/gen/*' | xargs -0 grep -nE '^(import)?\s*[A-Za-z_][A-Za-z0-9_]* "parcelportal/(core|app)/' | grep -vE ':import "' || true)
if [[ -n $aliased ]]; then
	printf 'aliased import of a core or app package (rename instead):\n%s\n' "$aliased" >&2
	exit 1
fi
