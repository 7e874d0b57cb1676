#!/usr/bin/env bash
# Starts the built server on a fresh embedded data dir (or a fresh PostgreSQL database with
# `bench/login-run.sh postgres`), runs bench/login.mjs against it, and stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/server.sh
start_server TRUST_PROXY=true
trap stop_server EXIT
DATA_DIR="$data" node bench/login.mjs "http://127.0.0.1:$port" "${SECONDS_TO_RUN:-10}"
