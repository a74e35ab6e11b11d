#!/usr/bin/env bash
# Prints the -ldflags that link the build into the binaries: the version is
# `git describe --always --dirty` (a tag, or the commit, marked -dirty when
# the tree has changes), the build date the time of the build (UTC, RFC
# 3339). The portal shows both in the footer and in management/info.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(git describe --always --dirty 2>/dev/null || echo unknown)
echo "-X main.version=$version -X main.buildDate=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
