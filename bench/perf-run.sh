#!/usr/bin/env bash
# Every performance figure against its budget (bench/perf.mjs) on a fresh embedded data dir, or on a
# fresh PostgreSQL database with `bench/perf-run.sh postgres`; further arguments go to the script
# (--seconds=10 --login-seconds=20 --in-flight=10 --chains=8 --skip-first-load). Build first: npm run build.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/server.sh
if [ "${1:-}" = postgres ]; then shift; fi
DATA_DIR="$data" DATABASE_URL="$url" PORT=$port node bench/perf.mjs "$@"
