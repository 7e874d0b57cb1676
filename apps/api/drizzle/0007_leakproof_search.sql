-- Row-level security keeps a query's own conditions from running before the policy unless every
-- function in them is leakproof, and lower(), || and ILIKE are not marked so: every search under the
-- tenant role fell back to a full scan instead of the trigram indexes. These three only transform or
-- compare text and reveal nothing but their own arguments, so they are marked leakproof. Only a
-- superuser may do that; without one the searches stay correct, only slower.
DO $$
BEGIN
  ALTER FUNCTION lower(text) LEAKPROOF;
  ALTER FUNCTION textcat(text, text) LEAKPROOF;
  ALTER FUNCTION texticlike(text, text) LEAKPROOF;
  ALTER FUNCTION texticnlike(text, text) LEAKPROOF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'not a superuser: text functions stay non-leakproof and tenant searches scan';
END
$$;
