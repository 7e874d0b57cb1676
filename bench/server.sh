# Sourced by the bench/*-run.sh scripts: a fresh data dir, and with `postgres` as the script's first
# argument a fresh PostgreSQL database, and `start_server` / `stop_server` for the built API on it.
# BENCH_PORT (8177) and BENCH_DB (skyvault_bench) keep two commands that run at once apart.
port=${BENCH_PORT:-8177}
data=$(mktemp -d)
url=""
if [ "${1:-}" = postgres ]; then
  db=${BENCH_DB:-skyvault_bench}
  psql -h 127.0.0.1 -U postgres -d test -qc "drop database if exists $db with (force)" -c "create database $db"
  url="postgres://postgres@127.0.0.1:5432/$db"
fi
export SECRETS_KEY="${SECRETS_KEY:-$(openssl rand -base64 32)}"

# Starts the built server (extra environment as arguments, e.g. TRUST_PROXY=true) and waits until it is
# ready: /readyz answers 200 (its start line is an info record, below LOG_LEVEL=warn). A server that
# stops before that ends the command with its log.
start_server() {
  env "$@" DATABASE_URL="$url" DATA_DIR="$data" PORT=$port HOST=127.0.0.1 LOG_LEVEL=warn \
    node apps/api/dist/main.js > "$data/server.log" 2>&1 &
  server=$!
  until curl -sf "http://127.0.0.1:$port/readyz" > /dev/null; do
    if ! kill -0 "$server" 2>/dev/null; then cat "$data/server.log" >&2; return 1; fi
    sleep 0.5
  done
}

stop_server() {
  kill "$server" 2>/dev/null
  wait "$server" 2>/dev/null || true
}
