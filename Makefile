# The two commands that matter: `make run` and `make test`. Both install what
# is missing and start what they need on loopback.
SHELL := /bin/bash

.PHONY: run test test-run bench load scale chaos generate build deps help
help:
	@echo "make run       install, start the stack, seed demo data, serve http://127.0.0.1:8080"
	@echo "make test      the whole suite: generated code, lint, Go, webapp unit and browser tests"
	@echo "make test-run  make run on a new machine's terms: a 0700 checkout, moved ports, Ctrl-C leaves nothing (CI)"
	@echo "make bench     benchmarks with figures to compare run to run"
	@echo "make load      the portal under its users' journeys (LOAD_DURATION, LOAD_USERS): req/s, p50/p95/p99, errors, memory"
	@echo "make scale     two portals and two workers on one database and queue: figures of one portal vs two, nothing run twice"
	@echo "make chaos     the portal through faults on a stack of its own: worker kills, carrier faults, outages (CHAOS_ROWS, CHAOS_KILLS)"
	@echo "make generate  regenerate code from proto/"
	@echo "make build     build the binaries into bin/ and the webapp into webapp/dist"

run:
	dev/run.sh

test:
	dev/test.sh

# About 2-3 minutes (a second stack and a whole `make run`), so apart from `make test`.
test-run:
	dev/run_test.sh run

bench:
	dev/bench.sh

load:
	dev/load.sh

scale:
	dev/scale.sh

chaos:
	dev/chaos.sh

deps:
	dev/install.sh
	pnpm install --frozen-lockfile --reporter=silent

generate: deps
	dev/generate.sh

build: deps
	dev/build.sh
