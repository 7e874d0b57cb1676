CREATE TABLE "housekeeping_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oidc_keys" ADD COLUMN "activates_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Keys that existed before activation times were kept have signed since their creation.
UPDATE "oidc_keys" SET "activates_at" = "created_at";
--> statement-breakpoint
-- The users search without LEAKPROOF builtins (0007 needs a superuser, which managed PostgreSQL does
-- not give): under row-level security the planner may not run lower(), || and ILIKE before the
-- policy, so the trigram index stayed unused. This function runs as its owner (the migrating role,
-- which owns the table and so is not subject to its policy) and filters the tenant itself, from the
-- same setting the policy reads; the list query then joins on the ids it returns, with uuid equality,
-- which is leakproof. Without a tenant set it finds nothing.
CREATE OR REPLACE FUNCTION skyvault_search_users(pattern text, part text DEFAULT 'user')
  RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
BEGIN
  -- EXECUTE plans with the pattern's value, so that the planner weighs the trigram index for it.
  RETURN QUERY EXECUTE
    'SELECT id FROM public.users
      WHERE tenant_id = public.skyvault_current_tenant()
        AND lower(first_name || '' '' || last_name || '' '' || email) ILIKE $1
        AND CASE $2 WHEN ''name'' THEN lower(first_name || '' '' || last_name) ILIKE $1
                    WHEN ''email'' THEN lower(email) ILIKE $1
                    ELSE true END'
    USING pattern, part;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION skyvault_search_users(text, text) FROM PUBLIC;
--> statement-breakpoint
-- To the application role: the one the tenants table's policy names (DB_APP_ROLE when 0001 ran).
DO $$ BEGIN EXECUTE format('GRANT EXECUTE ON FUNCTION skyvault_search_users(text, text) TO %s',
  (SELECT polroles[1]::regrole FROM pg_policy WHERE polrelid = 'tenants'::regclass AND polname = 'tenant_isolation')); END $$;
