#!/usr/bin/env bash
# The platform at its second year (bench/README.md "Platform scale"): builds the data set on a fresh
# PostgreSQL database (bench/scale.sql, then the audit trail from bench/scale-audit.mjs through COPY),
# starts the built server on it and measures (bench/scale.mjs), printing one JSON line of figures
# against their budgets. `bench/scale-run.sh postgres`; SCALE=0.01 builds a hundredth of it.
# SEEDED=1 BENCH_DATA=<its data dir> measures again on the database a run built (BENCH_DB,
# skyvault_bench). AUDIT=0 seeds everything but the audit trail. Further arguments go to
# bench/scale.mjs (--seconds=5 --in-flight=10 --skip-audit …).
set -euo pipefail
cd "$(dirname "$0")/.."
export SECRETS_KEY="${SECRETS_KEY:-c2NhbGUtYmVuY2gta2V5LWZvci10aGlzLW1hY2hpbmU=}"
if [ "${SEEDED:-}" = 1 ]; then
  port=${BENCH_PORT:-8177}
  data=${BENCH_DATA:?BENCH_DATA: the data dir of the run that seeded}
  url="postgres://postgres@127.0.0.1:5432/${BENCH_DB:-skyvault_bench}"
else
  source bench/server.sh
  if [ -z "$url" ]; then echo "usage: bench/scale-run.sh postgres" >&2; exit 2; fi
fi
scale=${SCALE:-1}
count() { node -e "console.log(Math.max(1, Math.round($1 * $scale)))"; }
tenants=$(count 2000)
demo_users=$(count 100000)
demo_events=$(count 5000000)
deliveries=$(( $(count 5000000) / tenants * tenants ))

start_ready() {
  DATABASE_URL="$url" DATA_DIR="$data" PORT=$port HOST=127.0.0.1 LOG_LEVEL=warn "$@" \
    node apps/api/dist/main.js >> "$data/server.log" 2>&1 &
  server=$!
  until curl -sf "http://127.0.0.1:$port/readyz" > /dev/null; do sleep 0.5; done
}
stop_server() { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; }

if [ "${SEEDED:-}" != 1 ]; then
  echo "data dir: $data (SEEDED=1 BENCH_DATA=$data measures again)" >&2
  # The server migrates the database and makes the demo tenant and its administrator.
  start_ready
  stop_server
  started=$(date +%s)
  psql "$url" -q -v tenants="$tenants" -v demo_users="$demo_users" -v tenant_users=451 \
    -v storages_per_tenant=10 -v connections_per_tenant=25 -v checks_per_target=24 \
    -v deliveries="$deliveries" -f bench/scale.sql
  echo "seeded tenants, users, connections, storages and deliveries in $(( $(date +%s) - started )) s" >&2

fi
# AUDIT=0 leaves the trail out (about two thirds of the time): for the figures of everything else,
# measured with --skip-audit.
if [ "${SEEDED:-}" != 1 ] && [ "${AUDIT:-1}" != 0 ]; then
  # The trail: its secondary indexes are built once after the COPY rather than row by row.
  audit_started=$(date +%s)
  indexes=$(psql "$url" -Atc "select indexdef || ';' from pg_indexes where tablename = 'audit_events' and indexname <> 'audit_events_tenant_id_id_pk'")
  psql "$url" -qAtc "select 'drop index ' || indexname || ';' from pg_indexes where tablename = 'audit_events' and indexname <> 'audit_events_tenant_id_id_pk'" | psql "$url" -q
  demo=$(psql "$url" -Atc "select id from tenants where name = 'demo'")
  columns=$(node -e "import('./bench/scale-audit.mjs').then((m) => console.log(m.COLUMNS))")
  DEMO_TENANT=$demo TENANTS=$tenants DEMO_EVENTS=$demo_events DEMO_USERS=$demo_users \
    TENANT_EVENTS=$(count 7504) node bench/scale-audit.mjs |
    psql "$url" -q -c "set session_replication_role = replica" -c "\\copy audit_events ($columns) from pstdin"
  echo "copied the trail in $(( $(date +%s) - audit_started )) s" >&2
  psql "$url" -q -v ON_ERROR_STOP=1 <<SQL
set maintenance_work_mem = '1GB';
set max_parallel_maintenance_workers = 2;
$indexes
delete from audit_chain_heads;
insert into audit_chain_heads (tenant_id, seq, hash)
select distinct on (tenant_id) tenant_id, seq, hash from audit_events order by tenant_id, seq desc;
vacuum analyze audit_events, audit_chain_heads;
SQL
  echo "seeded the audit trail in $(( $(date +%s) - audit_started )) s, everything in $(( $(date +%s) - started )) s" >&2
fi

if [ "${1:-}" = postgres ]; then shift; fi
DATA_DIR="$data" DATABASE_URL="$url" PORT=$port node bench/scale.mjs "$@"
