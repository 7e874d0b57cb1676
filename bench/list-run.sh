#!/usr/bin/env bash
# Seeds 100,000 users into a fresh embedded data dir and measures the users list (bench/list.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
port=8177
data=$(mktemp -d)
start() {
  DATA_DIR="$data" PORT=$port HOST=127.0.0.1 LOG_LEVEL=warn node apps/api/dist/main.js > "$data/server.log" 2>&1 &
  server=$!
  until grep -q "running at" "$data/server.log"; do sleep 0.5; done
}
start
kill $server; wait $server || true
DATA_DIR="$data" npx tsx bench/seed-users.ts
: > "$data/server.log"
start
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
DATA_DIR="$data" node bench/list.mjs "http://127.0.0.1:$port" "${SECONDS_TO_RUN:-10}"
