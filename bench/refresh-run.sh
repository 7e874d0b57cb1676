#!/usr/bin/env bash
# Starts the built server on a fresh embedded data dir (or a fresh PostgreSQL database with
# `bench/refresh-run.sh postgres`), with PUBLIC_URL its own address so that the issuer matches, runs
# bench/refresh.ts against it (refresh-token grants with rotation), and stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f apps/api/dist/main.js ] || npm run build -w @skyvault/api
source bench/server.sh
base="http://127.0.0.1:$port"
start_server PUBLIC_URL="$base"
trap stop_server EXIT
DATA_DIR="$data" npx tsx bench/refresh.ts "$base" "${SECONDS_TO_RUN:-10}" "${CHAINS:-8}"
