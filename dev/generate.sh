#!/usr/bin/env bash
# Regenerates every file derived from proto/: Go messages and Connect handlers,
# the webapp's TypeScript, and the OpenAPI document. Third-party protos are
# copied from registry packages into .protodeps/ first, because the Buf Schema
# Registry is not reachable from these machines and we commit no copies.
set -euo pipefail
cd "$(dirname "$0")/.."

PROTOVALIDATE_MODULE=github.com/bufbuild/protovalidate@v1.2.2

copy_protodeps() {
  rm -rf .protodeps && mkdir -p .protodeps/google/api .protodeps/buf/validate
  local pv
  pv=$(go mod download -json "$PROTOVALIDATE_MODULE" | sed -n 's/.*"Dir": "\(.*\)".*/\1/p')
  cp "$pv/proto/protovalidate/buf/validate/validate.proto" .protodeps/buf/validate/
  local gp=node_modules/google-proto-files/google/api
  cp "$gp/annotations.proto" "$gp/http.proto" "$gp/httpbody.proto" "$gp/field_behavior.proto" .protodeps/google/api/
  chmod -R u+w .protodeps
}

copy_protodeps
BUF=node_modules/.bin/buf
"$BUF" lint proto
rm -rf adapters/rpc/gen webapp/src/gen adapters/rpc/openapi/portal.openapi.yaml
"$BUF" generate
# What the generator cannot say from the protos (path parameter names, who may
# call, error answers, paging headers, download types, null): dev/openapi/main.go.
go run ./dev/openapi adapters/rpc/openapi/portal.openapi.yaml adapters/rpc/policies.go
