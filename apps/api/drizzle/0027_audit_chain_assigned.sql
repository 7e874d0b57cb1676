-- The database, not the insert, says when an event happened and who its actor was. Until now the chain
-- trigger (0014) replaced seq and the hashes but kept the insert's created_at, id and actor_email: a
-- request could add an event dated last year, chained and verifiable, or one that names another
-- address as its actor. Now the time is the database's clock read once the tenant's head is locked
-- (so times rise with seq, whatever the transactions' start times), and the actor's address and name
-- come from their user row only (an API token, which no user row names, keeps the name the insert gives).
CREATE OR REPLACE FUNCTION skyvault_audit_chain() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  v_email text;
  v_name text;
BEGIN
  IF NEW.actor_id IS NOT NULL THEN
    SELECT u.email, u.first_name || ' ' || u.last_name INTO v_email, v_name
      FROM users u WHERE u.tenant_id = NEW.tenant_id AND u.id = NEW.actor_id;
  END IF;
  NEW.actor_email := v_email;
  IF v_email IS NOT NULL THEN
    NEW.actor_name := v_name;
  END IF;
  IF NEW.target_name IS NULL AND NEW.target_type = 'user' AND NEW.target_id = NEW.actor_id::text THEN
    NEW.target_name := NEW.actor_email;
  END IF;
  INSERT INTO audit_chain_heads AS h (tenant_id, seq) VALUES (NEW.tenant_id, 1)
    ON CONFLICT (tenant_id) DO UPDATE SET seq = h.seq + 1
    RETURNING h.seq, h.hash INTO NEW.seq, NEW.prev_hash;
  NEW.created_at := clock_timestamp();
  NEW.hash := skyvault_audit_hash(NEW);
  UPDATE audit_chain_heads SET hash = NEW.hash WHERE tenant_id = NEW.tenant_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- An event is never changed, and removed only by the retention or with its tenant: the app's role has
-- no UPDATE, DELETE or TRUNCATE on the table (0014), and these triggers hold for every other role too,
-- the owner and a superuser included (a request that got out of its role with RESET ROLE still meets
-- them). A DELETE passes for an event past its tenant's `audit_retention_days` (the retention job) or
-- whose tenant is gone (the tenant's deletion cascades). Only DDL gets past them (ALTER TABLE … DISABLE
-- TRIGGER, by the owner), which is why production connects as a role that owns nothing
-- (docs/audit-trail.md).
CREATE FUNCTION skyvault_audit_guard() RETURNS trigger
  LANGUAGE plpgsql
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  v_days integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT t.audit_retention_days INTO v_days FROM tenants t WHERE t.id = OLD.tenant_id;
    IF NOT FOUND OR OLD.created_at < now() - make_interval(days => v_days) THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'audit event % (seq %) is within its tenant''s retention: it cannot be removed', OLD.id, OLD.seq
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  RAISE EXCEPTION 'audit events cannot be changed (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_unchangeable BEFORE UPDATE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION skyvault_audit_guard();
--> statement-breakpoint
CREATE TRIGGER audit_events_retention_only BEFORE DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION skyvault_audit_guard();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION skyvault_audit_guard();
