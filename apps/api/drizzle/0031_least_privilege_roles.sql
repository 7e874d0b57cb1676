-- Least privilege. The servers log in as a runtime role (DATABASE_URL's user, or DB_RUNTIME_ROLE) that
-- owns nothing: DML on the tables, no DDL, and no membership in the owner, so that a RESET ROLE inside a
-- tenant transaction gets it nothing of the owner's. Migrations run as the owner (MIGRATE_DATABASE_URL).
-- Tenant transactions still switch to the application role (DB_APP_ROLE); the look-ups made before a
-- tenant is known pass row-level security through a runtime_access policy of every such table, so the
-- runtime role needs no BYPASSRLS (which only a superuser may grant).
-- Role names come from the migration runner's settings skyvault.app_role and skyvault.runtime_role
-- (migrate.ts); unset, the runtime role is the owner itself (development, one role), which needs no
-- grant. Nothing here needs CREATEROLE or ADMIN OPTION when the roles and the membership exist.
--
-- Databases migrated before this release have their policies and grants on skyvault_app, which every
-- install on a cluster shared; with DB_APP_ROLE set to another name they move to it here.
CREATE OR REPLACE FUNCTION skyvault_policy_role(tbl regclass, policy name) RETURNS name
  LANGUAGE sql STABLE
  AS $$ SELECT r.rolname FROM pg_policy p JOIN pg_roles r ON r.oid = p.polroles[1]
        WHERE p.polrelid = tbl AND p.polname = policy $$;
--> statement-breakpoint
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
CREATE OR REPLACE FUNCTION skyvault_with_app_role(statement text) RETURNS void
  LANGUAGE plpgsql
  AS $$ BEGIN EXECUTE format(statement, skyvault_app_role()); END $$;
--> statement-breakpoint
-- A new tenant table: its tenant's rows for the application role, all rows for the runtime role (the
-- one the tenants table's runtime_access policy names; none when the owner serves itself).
CREATE OR REPLACE FUNCTION skyvault_enable_tenant_rls(tbl regclass, tenant_column text DEFAULT 'tenant_id')
  RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  app name := skyvault_app_role();
  runtime name := skyvault_policy_role('public.tenants', 'runtime_access');
BEGIN
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %s', tbl);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %s TO %I USING (%I = skyvault_current_tenant()) WITH CHECK (%I = skyvault_current_tenant())',
    tbl, app, tenant_column, tenant_column
  );
  EXECUTE format('DROP POLICY IF EXISTS runtime_access ON %s', tbl);
  IF runtime IS NOT NULL THEN
    EXECUTE format('CREATE POLICY runtime_access ON %s TO %I USING (true) WITH CHECK (true)', tbl, runtime);
  END IF;
END
$$;
--> statement-breakpoint
-- Points this database's grants and policies at `app` and `runtime`; run by this migration, and by the
-- owner again to change the runtime role later (README, Deploying). Renaming a role needs none of it:
-- grants and policies follow a role through ALTER ROLE … RENAME.
CREATE OR REPLACE FUNCTION skyvault_assign_roles(app name, runtime name) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  previous name := skyvault_policy_role('public.tenants', 'tenant_isolation');
  runtime_apart boolean;
  item record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = app) THEN
    BEGIN
      EXECUTE format('CREATE ROLE %I NOLOGIN NOSUPERUSER NOBYPASSRLS', app);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE EXCEPTION 'The role % does not exist and % may not create it: as the cluster''s administrator, %',
        app, current_user, format('CREATE ROLE %I NOLOGIN; (README, Deploying)', app);
    END;
  END IF;
  IF (SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = app) THEN
    RAISE EXCEPTION 'The application role % passes row-level security (superuser or BYPASSRLS)', app;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = runtime) THEN
    RAISE EXCEPTION 'The runtime role % does not exist: as the cluster''s administrator, %', runtime,
      format('CREATE ROLE %I LOGIN PASSWORD …; GRANT %I TO %I; (README, Deploying)', runtime, app, runtime);
  END IF;

  -- The application role this database used so far hands its policies and grants over.
  IF previous IS NOT NULL AND previous <> app THEN
    FOR item IN SELECT p.polname, p.polrelid::regclass AS tbl FROM pg_policy p
        WHERE to_regrole(previous) = ANY (p.polroles) LOOP
      EXECUTE format('ALTER POLICY %I ON %s TO %I', item.polname, item.tbl, app);
    END LOOP;
    FOR item IN SELECT c.oid::regclass AS tbl, string_agg(a.privilege_type, ', ') AS privileges
        FROM pg_class c, aclexplode(c.relacl) a
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm')
          AND a.grantee = to_regrole(previous)
        GROUP BY c.oid LOOP
      EXECUTE format('GRANT %s ON %s TO %I', item.privileges, item.tbl, app);
      EXECUTE format('REVOKE ALL ON %s FROM %I', item.tbl, previous);
    END LOOP;
    FOR item IN SELECT p.oid::regprocedure AS fn FROM pg_proc p, aclexplode(p.proacl) a
        WHERE p.pronamespace = 'public'::regnamespace AND a.grantee = to_regrole(previous) LOOP
      EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', item.fn, app);
      EXECUTE format('REVOKE ALL ON FUNCTION %s FROM %I', item.fn, previous);
    END LOOP;
    EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', app);
    EXECUTE format('REVOKE ALL ON SCHEMA public FROM %I', previous);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I', app);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM %I', previous);
  END IF;

  -- The servers' role switches to the application role in every tenant transaction (SET LOCAL ROLE).
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = runtime) AND NOT pg_has_role(runtime, app, 'MEMBER') THEN
    BEGIN
      EXECUTE format('GRANT %I TO %I', app, runtime);
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE EXCEPTION 'The role % must be a member of % and % may not grant it: as the cluster''s administrator, %',
        runtime, app, current_user, format('GRANT %I TO %I; (README, Deploying)', app, runtime);
    END;
  END IF;

  -- The owner and a superuser pass row-level security and hold every privilege already.
  runtime_apart := runtime <> current_user AND NOT (SELECT rolsuper FROM pg_roles WHERE rolname = runtime);
  FOR item IN SELECT c.oid::regclass AS tbl FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relrowsecurity LOOP
    EXECUTE format('DROP POLICY IF EXISTS runtime_access ON %s', item.tbl);
    IF runtime_apart THEN
      EXECUTE format('CREATE POLICY runtime_access ON %s TO %I USING (true) WITH CHECK (true)', item.tbl, runtime);
    END IF;
  END LOOP;
  IF NOT runtime_apart THEN
    RETURN;
  END IF;
  -- DML, never DDL: no TRUNCATE, REFERENCES or TRIGGER, and nothing it owns.
  EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', runtime);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I', runtime);
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', runtime);
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I', runtime);
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO %I', runtime);
  -- The owner's functions the application role may call (the rest are PUBLIC's), whether or not the
  -- runtime role inherits the application role's rights.
  FOR item IN SELECT p.oid::regprocedure AS fn FROM pg_proc p, aclexplode(p.proacl) a
      WHERE p.pronamespace = 'public'::regnamespace AND a.grantee = to_regrole(app) LOOP
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', item.fn, runtime);
  END LOOP;
  -- A server that leaves migrations to db:migrate checks that they ran (hasAllMigrations).
  IF to_regclass('drizzle.__drizzle_migrations') IS NOT NULL THEN
    EXECUTE format('GRANT USAGE ON SCHEMA drizzle TO %I', runtime);
    EXECUTE format('GRANT SELECT ON drizzle.__drizzle_migrations TO %I', runtime);
  END IF;
END
$$;
--> statement-breakpoint
-- Role administration is the owner's.
REVOKE ALL ON FUNCTION skyvault_assign_roles(name, name) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION skyvault_with_app_role(text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION skyvault_enable_tenant_rls(regclass, text) FROM PUBLIC;
--> statement-breakpoint
SELECT skyvault_assign_roles(
  coalesce(nullif(current_setting('skyvault.app_role', true), ''), skyvault_app_role()),
  coalesce(nullif(current_setting('skyvault.runtime_role', true), ''), current_user)
);
