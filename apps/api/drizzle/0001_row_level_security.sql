-- Row-level security: the second wall between tenants, behind the repositories' tenant filter.
-- Requests run their transactions as the non-superuser application role (SET LOCAL ROLE) with the
-- tenant in app.tenant_id (set_config(..., true)). The application role is skyvault_app unless
-- DB_APP_ROLE names another (the migration runner's setting skyvault.app_role), so that two installs
-- on one cluster share none; the servers' own login role and its grants are migration 0031's.
-- The role a table's policy names (NULL when it has none): what this database has, whatever the setting.
CREATE OR REPLACE FUNCTION skyvault_policy_role(tbl regclass, policy name) RETURNS name
  LANGUAGE sql STABLE
  AS $$ SELECT r.rolname FROM pg_policy p JOIN pg_roles r ON r.oid = p.polroles[1]
        WHERE p.polrelid = tbl AND p.polname = policy $$;
--> statement-breakpoint
-- The application role: the one this database's policies already name, else the configured one. A
-- setting that names another is refused: granting to it could open this database to a role that
-- another install uses.
CREATE OR REPLACE FUNCTION skyvault_app_role() RETURNS name
  LANGUAGE plpgsql STABLE
  AS $$
DECLARE
  configured name := nullif(current_setting('skyvault.app_role', true), '');
  recorded name := skyvault_policy_role('public.tenants', 'tenant_isolation');
BEGIN
  IF recorded IS NOT NULL AND configured IS NOT NULL AND configured <> recorded THEN
    RAISE EXCEPTION 'DB_APP_ROLE is % but this database''s tenant transactions run as %: %', configured, recorded,
      format('set DB_APP_ROLE=%s, or rename the role (ALTER ROLE %I RENAME TO %I).', recorded, recorded, configured);
  END IF;
  RETURN coalesce(recorded, configured, 'skyvault_app');
END
$$;
--> statement-breakpoint
-- Runs a GRANT, REVOKE or CREATE POLICY whose %I is the application role.
CREATE OR REPLACE FUNCTION skyvault_with_app_role(statement text) RETURNS void
  LANGUAGE plpgsql
  AS $$ BEGIN EXECUTE format(statement, skyvault_app_role()); END $$;
--> statement-breakpoint
-- A superuser or a CREATEROLE owner creates the role; any other owner needs it created beforehand
-- (README, Deploying: managed PostgreSQL).
DO $$
DECLARE
  app name := skyvault_app_role();
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = app) THEN
    BEGIN
      EXECUTE format('CREATE ROLE %I NOLOGIN NOSUPERUSER NOBYPASSRLS', app);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE EXCEPTION 'The role % does not exist and % may not create it: as the cluster''s administrator, %',
        app, current_user, format('CREATE ROLE %I NOLOGIN; (README, Deploying)', app);
    END;
  END IF;
END
$$;
--> statement-breakpoint
SELECT skyvault_with_app_role('GRANT USAGE ON SCHEMA public TO %I');
--> statement-breakpoint
SELECT skyvault_with_app_role('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I');
--> statement-breakpoint
SELECT skyvault_with_app_role('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I');
--> statement-breakpoint
-- The tenant of the current transaction, or NULL when none is set (then no tenant row is visible).
CREATE OR REPLACE FUNCTION skyvault_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
--> statement-breakpoint
-- Every tenant table calls this once in its migration: rows are visible and writable only for the
-- transaction's tenant.
CREATE OR REPLACE FUNCTION skyvault_enable_tenant_rls(tbl regclass, tenant_column text DEFAULT 'tenant_id')
  RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s TO %I USING (%I = skyvault_current_tenant()) WITH CHECK (%I = skyvault_current_tenant())',
    tbl, skyvault_app_role(), tenant_column, tenant_column
  );
END
$$;
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('tenants', 'id');
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('users');
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('sessions');
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('audit_events');
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_trgm_idx ON users
  USING gin ((lower(first_name || ' ' || last_name || ' ' || email)) gin_trgm_ops);
