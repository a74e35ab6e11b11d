#!/usr/bin/env bash
# make bench: every Go benchmark, against the real services where a benchmark
# needs them. Figures (ns/op, B/op, allocs/op) compare run to run; run twice
# and use benchstat for a verdict.
#
# Issue 5 figures, for 2000 rows: core/batchcsv BenchmarkReadAndValidate2000
# (CSV parse and validation in the core, target under 20 ms/op; it reports
# ms/op); adapters/rpc BenchmarkUploadBatch2000 (POST web/api/batches with
# the file as base64 JSON through a real HTTP server until the batch and its
# rows are stored in PostgreSQL, target under 300 ms/op; it reports ms/op).
#
# Issue 12: adapters/rpc BenchmarkBulkDownload200CustomsDocuments (POST
# web/api/customs-documents/bulk-download of 200 carrier customs PDFs from
# PostgreSQL as one zip through a real HTTP server, target under 1 s; it
# reports ms/op and zip-KiB; about 66 ms/op here).
#
# Issue 22: cmd/portal BenchmarkEvenAnswerTimes (a wrong password for a known
# login beside an unknown login, a taken beside a fresh registration, against
# Kratos; it reports the mean ms of each and logs their spread; 1200/1200 ms
# and 801/803 ms here, the floors wired in cmd/portal/wire.go).
# Issue 22: cmd/portal BenchmarkAnonymousInquiryFlood (twenty parallel
# anonymous 31 KB gzip bodies that inflate to 32 MB and break at their end,
# each with a solved captcha, against the portal as main wires it; it
# reports MB-rss-growth and MB-heap-growth, target under 100 MB; 40-75 MB
# here, 1.79 GB before).
set -euo pipefail
cd "$(dirname "$0")/.."
dev/install.sh
stack_was_up=false
dev/stack.sh status | grep -qv running || stack_was_up=true
# A failing start must stop the script: set -e does not see through eval "$(...)".
stack_env=$(dev/stack.sh up)
eval "$stack_env"
# Stop only what this run started.
trap '$stack_was_up || dev/stack.sh down >&2' EXIT
go test -run '^$' -bench . -benchmem -count "${BENCH_COUNT:-1}" ./...
