#!/usr/bin/env bash
# Starts the local stack in the background (a fresh store, so a fresh demo key), waits for it,
# runs `npm run smoke` against it, and stops it whatever the outcome. Exit status: smoke's.
set -uo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
log="$dir/start.log"
port=${SMOKE_PORT:-3917}
PLAINCVE_LOCAL_DIR="$dir/local" PORT=$port node --import tsx bin/local.ts >"$log" 2>&1 &
server=$!
stop() { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$dir"; }
trap stop EXIT
for _ in $(seq 1 120); do
  grep -q 'Demo API key' "$log" && break
  kill -0 "$server" 2>/dev/null || { echo "npm start exited:"; cat "$log"; exit 1; }
  sleep 1
done
key=$(sed -n 's/^Demo API key: //p' "$log")
[ -n "$key" ] || { echo "npm start did not print a demo key:"; cat "$log"; exit 1; }
npm run -s smoke -- --base-url "http://127.0.0.1:$port" --api-key "$key"
