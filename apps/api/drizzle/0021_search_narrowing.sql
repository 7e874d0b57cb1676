-- User searches that contain a trigram most users have. A GIN trigram scan reads the whole posting tree of
-- every trigram of the pattern: at 100,000 users, "user1234" costs 0.7 ms in the index where "r1234"
-- costs 0.07, because "use" and "ser" are in every row. The index is therefore asked for the longest
-- part of the term without such a trigram, and every row it finds is checked against the whole term:
-- the answer is the same, only cheaper to find.
--
-- Which trigrams are common comes from PostgreSQL's own statistics: the extended statistics below make
-- ANALYZE (autovacuum, or VACUUM ANALYZE) keep the most common trigrams of the searched text with their
-- share of rows. Without statistics yet (a new database, the embedded one) nothing is narrowed.
CREATE STATISTICS IF NOT EXISTS users_search_trigrams
  ON (show_trgm(lower(first_name || ' ' || last_name || ' ' || email))) FROM users;
--> statement-breakpoint
-- The trigrams in at least 5 % of users, as ',abc,def,': read from the statistics once per connection
-- and ten minutes (a connection-level setting keeps them: reading the statistics costs 0.4 ms, more
-- than the narrowing saves on one search).
CREATE OR REPLACE FUNCTION skyvault_search_common_trigrams() RETURNS text
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  kept text := current_setting('skyvault.search_common_trigrams', true);
  now_s bigint := extract(epoch FROM clock_timestamp())::bigint;
  common text;
BEGIN
  IF kept IS NOT NULL AND kept <> '' AND split_part(kept, '|', 1)::bigint > now_s - 600 THEN
    RETURN split_part(kept, '|', 2);
  END IF;
  SELECT ',' || coalesce(string_agg(x.e, ','), '') || ',' INTO common
    FROM pg_stats_ext_exprs s,
         unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS x(e, f)
   WHERE s.schemaname = 'public' AND s.statistics_name = 'users_search_trigrams'
     AND x.e IS NOT NULL AND x.f >= 0.05;
  PERFORM set_config('skyvault.search_common_trigrams', now_s || '|' || coalesce(common, ''), false);
  RETURN coalesce(common, '');
END
$$;
--> statement-breakpoint
-- The pattern the trigram index is asked with: for a plain "contains" pattern ('%term%'), the longest
-- part of the term whose trigrams are all uncommon; otherwise, or when every trigram is common, the
-- pattern itself. (pg_trgm takes trigrams of letters and digits only: others separate words.)
CREATE OR REPLACE FUNCTION skyvault_search_narrow(pattern text) RETURNS text
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  term text;
  common text;
  gram text;
  best_start int := 0;
  best_len int := 0;
  run_start int := 0;
  run_len int := 0;
BEGIN
  IF pattern !~ '^%[^%_\\]+%$' THEN RETURN pattern; END IF;
  term := lower(substr(pattern, 2, length(pattern) - 2));
  IF length(term) < 4 THEN RETURN pattern; END IF;
  common := public.skyvault_search_common_trigrams();
  IF common = ',' OR common = '' THEN RETURN pattern; END IF;
  FOR i IN 1 .. length(term) - 2 LOOP
    gram := substr(term, i, 3);
    IF gram ~ '^[[:alnum:]]{3}$' AND position(',' || gram || ',' IN common) = 0 THEN
      IF run_len = 0 THEN run_start := i; END IF;
      run_len := run_len + 1;
      IF run_len > best_len THEN
        best_len := run_len;
        best_start := run_start;
      END IF;
    ELSE
      run_len := 0;
    END IF;
  END LOOP;
  IF best_len = 0 THEN RETURN pattern; END IF;
  RETURN '%' || substr(term, best_start, best_len + 2) || '%';
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION skyvault_search_common_trigrams() FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION skyvault_search_narrow(text) FROM PUBLIC;
--> statement-breakpoint
-- The search (migration 0017) asks the index with the narrowed pattern ($3) and checks each row against
-- the whole one ($1) in an expression the index cannot serve (`|| ''`), so that the planner does not hand
-- the whole pattern's trigrams to the index again.
CREATE OR REPLACE FUNCTION skyvault_search_user_keys(pattern text, part text DEFAULT 'user')
  RETURNS TABLE (id uuid, updated_at timestamptz)
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
BEGIN
  -- EXECUTE plans with the pattern's value, so that the planner weighs the trigram index for it.
  RETURN QUERY EXECUTE
    'SELECT id, updated_at FROM public.users
      WHERE tenant_id = public.skyvault_current_tenant()
        AND lower(first_name || '' '' || last_name || '' '' || email) ILIKE $3
        AND (lower(first_name || '' '' || last_name || '' '' || email) || '''') ILIKE $1
        AND CASE $2 WHEN ''name'' THEN lower(first_name || '' '' || last_name) ILIKE $1
                    WHEN ''email'' THEN lower(email) ILIKE $1
                    ELSE true END'
    USING pattern, part, public.skyvault_search_narrow(pattern);
END
$$;
--> statement-breakpoint
-- The ids alone (migration 0012), for the lists that filter users by a search: the same search.
CREATE OR REPLACE FUNCTION skyvault_search_users(pattern text, part text DEFAULT 'user')
  RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$ SELECT k.id FROM public.skyvault_search_user_keys(pattern, part) AS k $$;
