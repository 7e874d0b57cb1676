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
trap stop_server EXIT
DATA_DIR="$data" DATABASE_URL="$url" PORT=$port SERVER_PID=$server node bench/soak.mjs "$@"
