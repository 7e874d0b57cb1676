#!/usr/bin/env bash
# Run once by the postgres image on an empty data volume (/docker-entrypoint-initdb.d), as its
# superuser: the least-privilege roles of README "Deploying". The owner role owns the database and runs
# the migrations (MIGRATE_DATABASE_URL), without CREATEROLE; the servers log in as the runtime role
# (DATABASE_URL), which owns nothing and gets only the grants the migrations give it; every tenant
# transaction runs as the app role (no login), of which the runtime role is a member. The owner needs
# no membership: its migrations grant on the tables it owns and name the app role in their policies.
# Names and passwords come from compose.yaml.
set -euo pipefail
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v owner="$DB_OWNER_ROLE" -v owner_password="$DB_OWNER_PASSWORD" \
  -v runtime="$DB_RUNTIME_ROLE" -v runtime_password="$DB_RUNTIME_PASSWORD" \
  -v app="$DB_APP_ROLE" -v database="$POSTGRES_DB" <<'SQL'
CREATE ROLE :"owner" LOGIN PASSWORD :'owner_password' NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE ROLE :"runtime" LOGIN PASSWORD :'runtime_password' NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT;
CREATE ROLE :"app" NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS;
GRANT :"app" TO :"runtime";
ALTER DATABASE :"database" OWNER TO :"owner";
-- Only the servers connect besides the owner (README "Deploying": the roles).
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"database" TO :"runtime";
-- Since PostgreSQL 15 schema public belongs to the database's owner (pg_database_owner); nobody else
-- may create in it.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
SQL
