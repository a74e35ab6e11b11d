#!/usr/bin/env bash
# Sends testdata/batches/valid.csv as the demo login `user` (the bakery) once,
# through the portal's REST API as a browser would, so that `make run` opens
# on a dashboard with destination countries and parcels the tracking box
# can follow. Does nothing when the bakery already has a batch.
# Usage: dev/demo-batch.sh [base URL, default http://127.0.0.1:$PORT]
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-http://127.0.0.1:${PORT:-8080}}
json='Content-Type: application/json'
field() { node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{let v=JSON.parse(s);for(const k of process.argv[1].split("."))v=v?.[k];process.stdout.write(v==null?"":String(v))})' "$1"; }

pending=$(curl -fsS -D - -o /dev/null -H "$json" -d '{"username":"user","password":"portal-demo"}' "$base/web/api/authenticate" |
	tr -d '\r' | sed -n 's/^[Aa]uthorization: Bearer //p')
# A login that may register a second factor skips it for now; without MFA the first bearer is final.
bearer=$(curl -fsS -H "Authorization: Bearer $pending" -H "$json" -d '{"skipDays":0}' "$base/web/api/mfa/_skip_mfa" 2>/dev/null | field id_token || true)
auth="Authorization: Bearer ${bearer:-$pending}"
customer=$(curl -fsS -H "$auth" "$base/web/api/user-data/by-login" | field customer.id)
[[ -n $customer ]] || { echo "the demo user has no customer" >&2; exit 1; }
batches=$(curl -fsS -D - -o /dev/null -H "$auth" "$base/web/api/batches?customerId=$customer&page=0&pageSize=1" |
	tr -d '\r' | sed -n 's/^[Xx]-[Tt]otal-[Cc]ount: //p')
if [[ ${batches:-0} != 0 ]]; then
	echo "the demo customer has batches already"
	exit 0
fi
csv=$(base64 -w0 testdata/batches/valid.csv)
batch=$(curl -fsS -H "$auth" -H "$json" -d "{\"csv\":\"$csv\",\"csvFileName\":\"valid.csv\",\"customer\":{\"id\":\"$customer\"}}" "$base/web/api/batches" | field id)
curl -fsS -o /dev/null -H "$auth" -H "$json" -d '{"labelType":"PDF"}' "$base/web/api/batches/$batch/_send"
echo "sent demo batch $batch of customer $customer"
