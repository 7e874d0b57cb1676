#!/usr/bin/env bash
# The mail server down, then back (bench/fault-smtp.mjs), on a fresh embedded data dir or on a fresh
# PostgreSQL database with `bench/fault-smtp-run.sh postgres`; further arguments go to the script
# (--outage=20s). The server sends to a sink the script brings up on SMTP_PORT (default 8179) and
# looks at its outbox every 200 ms; sign-ups are not limited per address here.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/server.sh
if [ "${1:-}" = postgres ]; then shift; fi
export SMTP_PORT="${SMTP_PORT:-8179}" OUTBOX_POLL_MS=200
start_server SMTP_URL="smtp://127.0.0.1:$SMTP_PORT" RATE_LIMIT_SIGN_UPS_PER_ADDRESS=100000/3600
trap stop_server EXIT
DATA_DIR="$data" DATABASE_URL="$url" PORT=$port node bench/fault-smtp.mjs "$@"
