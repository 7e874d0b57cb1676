-- Row-level security: the second wall between tenants, behind the repositories' tenant filter.
-- Requests run their transactions as the non-superuser role skyvault_app (SET LOCAL ROLE) with the
-- tenant in app.tenant_id (set_config(..., true)); the owner role only runs migrations and the few
-- look-ups that happen before a tenant is known (session token, e-mail login).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'skyvault_app') THEN
    CREATE ROLE skyvault_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END
$$;
--> statement-breakpoint
-- A non-superuser owner must be a member of the role to SET ROLE to it; a superuser needs nothing.
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT skyvault_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO skyvault_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO skyvault_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO skyvault_app;
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
    'CREATE POLICY tenant_isolation ON %s TO skyvault_app USING (%I = skyvault_current_tenant()) WITH CHECK (%I = skyvault_current_tenant())',
    tbl, tenant_column, tenant_column
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
