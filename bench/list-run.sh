#!/usr/bin/env bash
# Seeds 100,000 users into the demo tenant of a fresh embedded data dir (or of a fresh PostgreSQL
# database with `bench/list-run.sh postgres`) and measures the users list (bench/list.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/server.sh
start_server
stop_server
if [ -n "$url" ]; then
  psql "$url" -q -f bench/seed-users.sql
else
  DATA_DIR="$data" npx tsx bench/seed-users.ts
fi
: > "$data/server.log"
start_server
trap stop_server EXIT
DATA_DIR="$data" node bench/list.mjs "http://127.0.0.1:$port" "${SECONDS_TO_RUN:-10}"
