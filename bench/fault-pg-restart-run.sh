#!/usr/bin/env bash
# PostgreSQL restarted under load (bench/fault-pg-restart.mjs): the built server on a fresh PostgreSQL
# database, then the machine's cluster restarted under it. That cluster is shared with everything on
# the machine (the test suites too): nothing happens without --yes-restart-postgres.
set -euo pipefail
cd "$(dirname "$0")/.."
case " $* " in
  *" --yes-restart-postgres "*) ;;
  *) exec node bench/fault-pg-restart.mjs "$@" ;;
esac
set -- postgres "$@"
source bench/server.sh
shift
start_server
trap stop_server EXIT
DATA_DIR="$data" DATABASE_URL="$url" PORT=$port SERVER_PID=$server node bench/fault-pg-restart.mjs "$@"
