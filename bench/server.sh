# Sourced by the bench/*-run.sh scripts: a fresh data dir, and with `postgres` as the script's first
# argument a fresh PostgreSQL database, and `start_server` / `stop_server` for the built API on it.
port=8177
data=$(mktemp -d)
url=""
if [ "${1:-}" = postgres ]; then
  psql -h 127.0.0.1 -U postgres -d test -qc "drop database if exists skyvault_bench" -c "create database skyvault_bench"
  url="postgres://postgres@127.0.0.1:5432/skyvault_bench"
fi
export SECRETS_KEY="${SECRETS_KEY:-$(openssl rand -base64 32)}"

# Starts the built server (extra environment as arguments, e.g. TRUST_PROXY=true) and waits until it listens.
start_server() {
  env "$@" DATABASE_URL="$url" DATA_DIR="$data" PORT=$port HOST=127.0.0.1 LOG_LEVEL=warn \
    node apps/api/dist/main.js > "$data/server.log" 2>&1 &
  server=$!
  until grep -q "running at" "$data/server.log"; do sleep 0.5; done
}

stop_server() {
  kill "$server" 2>/dev/null
  wait "$server" 2>/dev/null || true
}
