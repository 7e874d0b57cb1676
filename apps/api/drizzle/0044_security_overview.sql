-- The security overview (modules/security-overview, docs/security-overview.md): sign-ins counted per
-- tenant and hour, kept by a trigger in the transaction of each sign-in's audit event, so that the
-- overview reads a few hundred small rows instead of the audit trail. Expand only: a new table, a new
-- trigger that only adds to it, and an index; the previous release never reads them.
CREATE TABLE "sign_in_rollups" (
	"tenant_id" uuid NOT NULL,
	"dimension" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"key" text NOT NULL,
	"outcome" text NOT NULL,
	"label" text,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sign_in_rollups_pk" PRIMARY KEY("tenant_id","dimension","hour","key","outcome"),
	CONSTRAINT "sign_in_rollups_dimension_check" CHECK ("dimension" IN ('method', 'address', 'account'))
);
--> statement-breakpoint
ALTER TABLE "sign_in_rollups" ADD CONSTRAINT "sign_in_rollups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('sign_in_rollups');--> statement-breakpoint
-- How the overview names a sign-in's method: the recorded one, with single sign-on told apart by the
-- provider's protocol (a SAML provider has its row in saml_identity_providers; any other is OpenID
-- Connect). The provider is the one the event's changes name.
CREATE FUNCTION skyvault_sign_in_method(p_tenant_id uuid, p_method text, p_changes jsonb) RETURNS text
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  v_provider text := p_changes -> 'identityProviderId' ->> 'after';
BEGIN
  IF p_method IS NULL THEN
    RETURN 'password';
  END IF;
  IF p_method <> 'sso' THEN
    RETURN p_method;
  END IF;
  IF v_provider ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' AND EXISTS (
    SELECT 1 FROM saml_identity_providers s WHERE s.tenant_id = p_tenant_id AND s.provider_id = v_provider::uuid
  ) THEN
    RETURN 'sso-saml';
  END IF;
  RETURN 'sso-oidc';
END
$$;
--> statement-breakpoint
-- Adds one sign-in event to its hour: by method and outcome; a failure also by address and by account
-- (the user it named, with their address then as the label).
CREATE FUNCTION skyvault_count_sign_in() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  v_hour timestamptz := date_trunc('hour', NEW.created_at);
  v_account text := coalesce(NEW.actor_id::text, CASE WHEN NEW.target_type = 'user' THEN NEW.target_id END);
BEGIN
  INSERT INTO sign_in_rollups AS r (tenant_id, dimension, hour, key, outcome, count)
    VALUES (NEW.tenant_id, 'method', v_hour, skyvault_sign_in_method(NEW.tenant_id, NEW.method, NEW.changes),
      NEW.outcome, 1)
    ON CONFLICT (tenant_id, dimension, hour, key, outcome) DO UPDATE SET count = r.count + 1;
  IF NEW.outcome = 'failure' AND NEW.ip IS NOT NULL THEN
    INSERT INTO sign_in_rollups AS r (tenant_id, dimension, hour, key, outcome, count)
      VALUES (NEW.tenant_id, 'address', v_hour, NEW.ip, 'failure', 1)
      ON CONFLICT (tenant_id, dimension, hour, key, outcome) DO UPDATE SET count = r.count + 1;
  END IF;
  IF NEW.outcome = 'failure' AND v_account IS NOT NULL THEN
    INSERT INTO sign_in_rollups AS r (tenant_id, dimension, hour, key, outcome, label, count)
      VALUES (NEW.tenant_id, 'account', v_hour, v_account, 'failure',
        coalesce(NEW.actor_email, NEW.target_name), 1)
      ON CONFLICT (tenant_id, dimension, hour, key, outcome)
      DO UPDATE SET count = r.count + 1, label = coalesce(EXCLUDED.label, r.label);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The sign-in attempts: by password, code, passkey or provider (sign-in, failed-sign-in) and a connected
-- app's sign-in (authorize), as a user's sign-in history lists them.
CREATE TRIGGER audit_events_count_sign_ins AFTER INSERT ON audit_events
  FOR EACH ROW WHEN (NEW.action IN ('sign-in', 'failed-sign-in', 'authorize'))
  EXECUTE FUNCTION skyvault_count_sign_in();
--> statement-breakpoint
-- The last eight days of sign-ins already recorded (the overview looks back seven). The trigger above
-- holds its lock on audit_events until this migration commits, so no event is counted twice or missed.
INSERT INTO sign_in_rollups (tenant_id, dimension, hour, key, outcome, count)
  SELECT tenant_id, 'method', date_trunc('hour', created_at), skyvault_sign_in_method(tenant_id, method, changes),
    outcome, count(*)
  FROM audit_events
  WHERE action IN ('sign-in', 'failed-sign-in', 'authorize') AND created_at >= now() - interval '8 days'
  GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO sign_in_rollups (tenant_id, dimension, hour, key, outcome, count)
  SELECT tenant_id, 'address', date_trunc('hour', created_at), ip, 'failure', count(*)
  FROM audit_events
  WHERE action IN ('sign-in', 'failed-sign-in', 'authorize') AND created_at >= now() - interval '8 days'
    AND outcome = 'failure' AND ip IS NOT NULL
  GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO sign_in_rollups (tenant_id, dimension, hour, key, outcome, label, count)
  SELECT tenant_id, 'account', date_trunc('hour', created_at),
    coalesce(actor_id::text, CASE WHEN target_type = 'user' THEN target_id END), 'failure',
    max(coalesce(actor_email, target_name)), count(*)
  FROM audit_events
  WHERE action IN ('sign-in', 'failed-sign-in', 'authorize') AND created_at >= now() - interval '8 days'
    AND outcome = 'failure' AND coalesce(actor_id::text, CASE WHEN target_type = 'user' THEN target_id END) IS NOT NULL
  GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Accounts waiting after failed sign-ins: the login delays of one tenant's accounts, found by their
-- key's prefix (login:account:<tenant name>:) among the few counters that hold a delay.
CREATE INDEX "rate_limits_blocked_key_idx" ON "rate_limits" USING btree ("key" text_pattern_ops) WHERE "blocked_until" IS NOT NULL;
