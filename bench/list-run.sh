#!/usr/bin/env bash
# Seeds 100,000 users into the demo tenant of a fresh embedded data dir (or of a fresh PostgreSQL
# database with `bench/list-run.sh postgres`) and measures the users list (bench/list.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
port=8177
data=$(mktemp -d)
url=""
if [ "${1:-}" = postgres ]; then
  psql -h 127.0.0.1 -U postgres -d test -qc "drop database if exists skyvault_bench" -c "create database skyvault_bench"
  url="postgres://postgres@127.0.0.1:5432/skyvault_bench"
fi
export SECRETS_KEY="${SECRETS_KEY:-$(openssl rand -base64 32)}"
start() {
  DATABASE_URL="$url" DATA_DIR="$data" PORT=$port HOST=127.0.0.1 LOG_LEVEL=warn node apps/api/dist/main.js > "$data/server.log" 2>&1 &
  server=$!
  until grep -q "running at" "$data/server.log"; do sleep 0.5; done
}
start
kill $server; wait $server || true
if [ -n "$url" ]; then
  psql "$url" -q -f bench/seed-users.sql
else
  DATA_DIR="$data" npx tsx bench/seed-users.ts
fi
: > "$data/server.log"
start
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
DATA_DIR="$data" node bench/list.mjs "http://127.0.0.1:$port" "${SECONDS_TO_RUN:-10}"
