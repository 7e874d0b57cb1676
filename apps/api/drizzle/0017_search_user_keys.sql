-- The users list's search with the list's order key: the ids and their updated_at, so that the page is
-- sorted and the matches counted from what the trigram search read, without looking every match up again
-- by its primary key (at 100,000 users a two-digit term matches over a thousand rows). Same rules as
-- skyvault_search_users (migration 0012): runs as its owner, filters the transaction's tenant itself, and
-- plans each call with the pattern's value.
CREATE OR REPLACE FUNCTION skyvault_search_user_keys(pattern text, part text DEFAULT 'user')
  RETURNS TABLE (id uuid, updated_at timestamptz)
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
BEGIN
  RETURN QUERY EXECUTE
    'SELECT id, updated_at FROM public.users
      WHERE tenant_id = public.skyvault_current_tenant()
        AND lower(first_name || '' '' || last_name || '' '' || email) ILIKE $1
        AND CASE $2 WHEN ''name'' THEN lower(first_name || '' '' || last_name) ILIKE $1
                    WHEN ''email'' THEN lower(email) ILIKE $1
                    ELSE true END'
    USING pattern, part;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION skyvault_search_user_keys(text, text) FROM PUBLIC;
--> statement-breakpoint
-- To the application role: the one the tenants table's policy names (DB_APP_ROLE when 0001 ran).
DO $$ BEGIN EXECUTE format('GRANT EXECUTE ON FUNCTION skyvault_search_user_keys(text, text) TO %s',
  (SELECT polroles[1]::regrole FROM pg_policy WHERE polrelid = 'tenants'::regclass AND polname = 'tenant_isolation')); END $$;
