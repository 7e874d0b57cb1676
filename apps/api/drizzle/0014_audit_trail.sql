CREATE TABLE "audit_chain_heads" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text,
	"anchor_seq" bigint DEFAULT 0 NOT NULL,
	"anchor_hash" text
);
--> statement-breakpoint
DROP INDEX "audit_events_tenant_target_idx";--> statement-breakpoint
-- seq and hash become NOT NULL once the rows below have them.
ALTER TABLE "audit_events" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_name" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "outcome" text DEFAULT 'success' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "target_name" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "audit_retention_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_chain_heads" ADD CONSTRAINT "audit_chain_heads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What events written before this migration lacked, from what they hold. Secrets read "[secret]" as
-- the new ones do; failed sign-ins are failures; a sign-in names its method (an identity provider's
-- id in the changes means single sign-on); the actor is named from their user row when it still
-- exists; the target's name is the one its changes give, else a user's address or the current name
-- of the target (a later name, if it was renamed since).
UPDATE "audit_events"
  SET "changes" = replace("changes"::text, '"[redacted]"', '"[secret]"')::jsonb
  WHERE "changes"::text LIKE '%"[redacted]"%';
--> statement-breakpoint
UPDATE "audit_events" SET "outcome" = 'failure' WHERE "action" = 'failed-sign-in';
--> statement-breakpoint
UPDATE "audit_events"
  SET "method" = CASE
    WHEN "action" IN ('authorize', 'deny-authorization') THEN 'oauth'
    WHEN "changes" ? 'identityProviderId' THEN 'sso'
    ELSE 'password' END
  WHERE "action" IN ('sign-in', 'failed-sign-in', 'authorize', 'deny-authorization');
--> statement-breakpoint
UPDATE "audit_events" AS e
  SET "actor_email" = u.email, "actor_name" = u.first_name || ' ' || u.last_name
  FROM "users" u
  WHERE u.tenant_id = e.tenant_id AND u.id = e.actor_id;
--> statement-breakpoint
UPDATE "audit_events" AS e
  SET "target_name" = coalesce(
    e.changes->'name'->>'after',
    e.changes->'name'->>'before',
    CASE WHEN e.target_type = 'user' THEN coalesce(e.changes->'email'->>'after', e.changes->'email'->>'before') END,
    CASE e.target_type
      WHEN 'user' THEN (SELECT t.email FROM users t WHERE t.tenant_id = e.tenant_id AND t.id::text = e.target_id)
      WHEN 'group' THEN (SELECT t.name FROM groups t WHERE t.tenant_id = e.tenant_id AND t.id::text = e.target_id)
      WHEN 'role' THEN (SELECT t.name FROM roles t WHERE t.tenant_id = e.tenant_id AND t.id::text = e.target_id)
      WHEN 'storage' THEN (SELECT t.name FROM storages t WHERE t.tenant_id = e.tenant_id AND t.id::text = e.target_id)
      WHEN 'connection' THEN (SELECT t.name FROM connections t WHERE t.tenant_id = e.tenant_id AND t.id::text = e.target_id)
      WHEN 'application' THEN (SELECT t.name FROM applications t WHERE t.tenant_id = e.tenant_id AND t.id::text = e.target_id)
      WHEN 'identity-provider' THEN (SELECT t.name FROM identity_providers t WHERE t.tenant_id = e.tenant_id AND t.id::text = e.target_id)
      WHEN 'ip-range' THEN (SELECT t.name FROM ip_ranges t WHERE t.tenant_id = e.tenant_id AND t.id::text = e.target_id)
      WHEN 'mfa-device' THEN (SELECT t.name FROM mfa_devices t WHERE t.tenant_id = e.tenant_id AND t.id::text = e.target_id)
      WHEN 'tenant' THEN (SELECT t.name FROM tenants t WHERE t.id = e.tenant_id)
    END
  );
--> statement-breakpoint
-- The hash of an event: sha256 of a canonical text of everything it says and of the hash before it
-- (a JSON array: strings escaped, nulls told from empty strings, the time in UTC to the microsecond),
-- so that editing any field, or removing or reordering events, breaks the chain. The trigger below
-- writes it and `npm run admin -- audit verify` recomputes it with this same function.
CREATE FUNCTION skyvault_audit_hash(e audit_events) RETURNS text
  LANGUAGE sql STABLE
  SET search_path = pg_catalog, public
  AS $$
  SELECT encode(sha256(convert_to(json_build_array(
    'skyvault-audit-v1',
    e.tenant_id, e.seq, e.id,
    to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.actor_id, e.actor_email, e.actor_name,
    e.action, e.method, e.target_type, e.target_id, e.target_name, e.outcome,
    e.changes::text, e.ip, e.user_agent, e.request_id,
    e.prev_hash
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- The existing events, chained per tenant in the order they were written.
DO $$
DECLARE
  r audit_events%ROWTYPE;
  v_tenant uuid;
  v_seq bigint;
  v_prev text;
BEGIN
  FOR r IN SELECT * FROM audit_events ORDER BY tenant_id, created_at, id LOOP
    IF v_tenant IS DISTINCT FROM r.tenant_id THEN
      IF v_tenant IS NOT NULL THEN
        INSERT INTO audit_chain_heads (tenant_id, seq, hash) VALUES (v_tenant, v_seq, v_prev);
      END IF;
      v_tenant := r.tenant_id;
      v_seq := 0;
      v_prev := NULL;
    END IF;
    v_seq := v_seq + 1;
    r.seq := v_seq;
    r.prev_hash := v_prev;
    v_prev := skyvault_audit_hash(r);
    UPDATE audit_events SET seq = r.seq, prev_hash = r.prev_hash, hash = v_prev
      WHERE tenant_id = r.tenant_id AND id = r.id;
  END LOOP;
  IF v_tenant IS NOT NULL THEN
    INSERT INTO audit_chain_heads (tenant_id, seq, hash) VALUES (v_tenant, v_seq, v_prev);
  END IF;
END
$$;
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_tenant_seq_idx" ON "audit_events" USING btree ("tenant_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_tenant_actor_idx" ON "audit_events" USING btree ("tenant_id","actor_id","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_tenant_actor_email_idx" ON "audit_events" USING btree ("tenant_id",lower("actor_email"),"seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_tenant_action_idx" ON "audit_events" USING btree ("tenant_id","action","seq" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_tenant_failures_idx" ON "audit_events" USING btree ("tenant_id","seq" DESC NULLS LAST) WHERE "audit_events"."outcome" = 'failure';--> statement-breakpoint
CREATE INDEX "audit_events_tenant_target_idx" ON "audit_events" USING btree ("tenant_id","target_type","target_id","seq" DESC NULLS LAST);--> statement-breakpoint
-- Every new event joins its tenant's chain, whoever writes it and whatever the insert says about seq
-- and hashes: the tenant's head row is locked (the upsert) until the transaction ends, so events are
-- numbered in the order they commit and a rolled-back one leaves no gap. The actor's address and name
-- are taken from their user row in the same statement, unless the insert gives them; a user acting
-- on themselves (signing in or out, changing their password) names the target too. It runs as the
-- owner: the app's role has no access to the heads at all. The row-level policy still checks the
-- tenant of the row it returns, so a request can only extend its own tenant's chain.
CREATE FUNCTION skyvault_audit_chain() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  v_email text;
  v_name text;
BEGIN
  IF NEW.actor_id IS NOT NULL AND NEW.actor_email IS NULL THEN
    SELECT u.email, u.first_name || ' ' || u.last_name INTO v_email, v_name
      FROM users u WHERE u.tenant_id = NEW.tenant_id AND u.id = NEW.actor_id;
    NEW.actor_email := v_email;
    NEW.actor_name := coalesce(NEW.actor_name, v_name);
  END IF;
  IF NEW.target_name IS NULL AND NEW.target_type = 'user' AND NEW.target_id = NEW.actor_id::text THEN
    NEW.target_name := NEW.actor_email;
  END IF;
  INSERT INTO audit_chain_heads AS h (tenant_id, seq) VALUES (NEW.tenant_id, 1)
    ON CONFLICT (tenant_id) DO UPDATE SET seq = h.seq + 1
    RETURNING h.seq, h.hash INTO NEW.seq, NEW.prev_hash;
  NEW.hash := skyvault_audit_hash(NEW);
  UPDATE audit_chain_heads SET hash = NEW.hash WHERE tenant_id = NEW.tenant_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION skyvault_audit_chain() FROM PUBLIC;
--> statement-breakpoint
CREATE TRIGGER audit_events_chain BEFORE INSERT ON audit_events
  FOR EACH ROW EXECUTE FUNCTION skyvault_audit_chain();
--> statement-breakpoint
-- Requests may add events and read them, never change or remove one; retention and the tenant's own
-- deletion (its foreign keys cascade as the owner) are the owner's.
-- To the application role: the one the tenants table's policy names (DB_APP_ROLE when 0001 ran).
DO $$ BEGIN EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON "audit_events" FROM %s',
  (SELECT polroles[1]::regrole FROM pg_policy WHERE polrelid = 'tenants'::regclass AND polname = 'tenant_isolation')); END $$;
--> statement-breakpoint
DO $$ BEGIN EXECUTE format('REVOKE ALL ON "audit_chain_heads" FROM %s',
  (SELECT polroles[1]::regrole FROM pg_policy WHERE polrelid = 'tenants'::regclass AND polname = 'tenant_isolation')); END $$;
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('audit_chain_heads');
--> statement-breakpoint
-- A failed password sign-in as a failure of the password method, naming the user it concerned.
CREATE OR REPLACE FUNCTION skyvault_login_failed(
  p_address_key text,
  p_address_window integer,
  p_account_key text,
  p_pair_key text,
  p_window integer,
  p_free integer,
  p_max_delay integer,
  p_tenant_id uuid,
  p_user_id uuid,
  p_ip text,
  p_user_agent text,
  p_request_id text
)
RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM skyvault_hit(p_address_key, p_address_window);
  PERFORM skyvault_delay(p_account_key, p_window, p_free, p_max_delay);
  PERFORM skyvault_delay(p_pair_key, p_window, p_free, p_max_delay);
  IF p_tenant_id IS NOT NULL THEN
    INSERT INTO audit_events (
      tenant_id, actor_id, action, outcome, method, target_type, target_id, target_name,
      ip, user_agent, request_id
    )
    SELECT p_tenant_id, p_user_id, 'failed-sign-in', 'failure', 'password', 'user', p_user_id::text,
      (SELECT u.email FROM users u WHERE u.tenant_id = p_tenant_id AND u.id = p_user_id),
      p_ip, p_user_agent, p_request_id;
  END IF;
END
$$;
