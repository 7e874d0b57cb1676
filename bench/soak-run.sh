#!/usr/bin/env bash
# Soak at a fixed rate (bench/soak.mjs) against the built server on a fresh embedded data dir, or on a
# fresh PostgreSQL database with `bench/soak-run.sh postgres`; further arguments go to the script
# (--rate=200 --duration=30m --mix=mixed). The server trusts X-Forwarded-For, so that each of the
# mix's sign-ins comes from an address of its own, as a tenant's people do.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/server.sh
if [ "${1:-}" = postgres ]; then shift; fi
start_server TRUST_PROXY=true
vacuumer=""
trap 'stop_server; [ -z "$vacuumer" ] || kill "$vacuumer" 2>/dev/null || true' EXIT
# A PostgreSQL without autovacuum (the CI machine's, conf.d/90-ci.conf) never analyzes or vacuums the
# tables the soak grows: the planner keeps an empty table's estimates (the audit log's first page
# became a scan of all the tenant's events and a sort, slower each minute) and dead rows pile up.
# Production runs autovacuum; here its work is done once a minute instead.
if [ -n "$url" ] && [ "$(psql "$url" -Atc 'show autovacuum')" = off ]; then
  echo "autovacuum is off on this server: VACUUM (ANALYZE) once a minute instead" >&2
  (while sleep 60; do psql "$url" -qc 'vacuum (analyze)' || true; done) &
  vacuumer=$!
fi
DATA_DIR="$data" DATABASE_URL="$url" PORT=$port SERVER_PID=$server node bench/soak.mjs "$@"
