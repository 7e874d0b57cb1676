#!/usr/bin/env bash
# Starts the built server on a fresh embedded data dir (or a fresh PostgreSQL database with
# `bench/login-run.sh postgres`), runs bench/login.mjs against it, and stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
port=8177
data=$(mktemp -d)
url=""
if [ "${1:-}" = postgres ]; then
  psql -h 127.0.0.1 -U postgres -d test -qc "drop database if exists skyvault_bench" -c "create database skyvault_bench"
  url="postgres://postgres@127.0.0.1:5432/skyvault_bench"
fi
DATABASE_URL="$url" DATA_DIR="$data" SECRETS_KEY="$(openssl rand -base64 32)" PORT=$port HOST=127.0.0.1 \
  TRUST_PROXY=true LOG_LEVEL=warn node apps/api/dist/main.js > "$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
until grep -q "running at" "$data/server.log"; do sleep 0.5; done
DATA_DIR="$data" node bench/login.mjs "http://127.0.0.1:$port" "${SECONDS_TO_RUN:-10}" "${IN_FLIGHT:-8}"
