#!/usr/bin/env bash
# SIGTERM under load (bench/fault-term.mjs) on a fresh embedded data dir, or on a fresh
# PostgreSQL database with `bench/fault-term-run.sh postgres`; further arguments go to the script.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/server.sh
if [ "${1:-}" = postgres ]; then shift; fi
DATA_DIR="$data" DATABASE_URL="$url" PORT=$port node bench/fault-term.mjs "$@"
