#!/usr/bin/env bash
# Seeds EVENTS (1,000,000) audit events into the demo tenant of a fresh PostgreSQL database and
# measures the security overview (bench/security-overview.mjs): `bench/security-overview-run.sh postgres`.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/server.sh
if [ -z "$url" ]; then echo "usage: bench/security-overview-run.sh postgres" >&2; exit 2; fi

# The built server, ready once /readyz answers (its start line is an info record, below LOG_LEVEL=warn).
start_ready() {
  DATABASE_URL="$url" DATA_DIR="$data" PORT=$port HOST=127.0.0.1 LOG_LEVEL=warn \
    node apps/api/dist/main.js > "$data/server.log" 2>&1 &
  server=$!
  until curl -sf "http://127.0.0.1:$port/readyz" > /dev/null; do sleep 0.5; done
}

start_ready
stop_server
started=$(date +%s)
psql "$url" -q -v ON_ERROR_STOP=1 -v events="${EVENTS:-1000000}" -v batch="${BATCH:-1000}" -f bench/security-overview.sql
echo "seeded ${EVENTS:-1000000} events in $(( $(date +%s) - started )) s"
start_ready
trap stop_server EXIT
DATA_DIR="$data" node bench/security-overview.mjs "http://127.0.0.1:$port" "${SECONDS_TO_RUN:-10}"
