ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oidc_models" ADD COLUMN "account_id" text;--> statement-breakpoint
CREATE INDEX "oidc_models_account_idx" ON "oidc_models" USING btree ("account_id");--> statement-breakpoint
-- Rows written before account_id existed: the account is in the payload (tokens, codes, grants and
-- sessions carry accountId; an interaction carries its session's).
UPDATE "oidc_models"
  SET "account_id" = coalesce("payload"->>'accountId', "payload"->'session'->>'accountId')
  WHERE "account_id" IS NULL;
--> statement-breakpoint
-- Addresses proven before this column existed, from the audit trail (the only record of it): the
-- sign-up verification link (the tenant enabled by its first user), an invitation link accepted (the
-- user's own update from WaitConfirmation with a new password), an identity provider's verified
-- address (link-identity is recorded only when the provider said so). A user whose address was ever
-- changed on record stays unproven: the proof may concern the old address. Everyone else, including
-- users an administrator created with a password and users created at single sign-on, starts unproven
-- and is proven by the next link they use.
UPDATE "users" AS u
  SET "email_verified_at" = proof.at
  FROM (
    SELECT e.tenant_id, e.actor_id AS user_id, max(e.created_at) AS at
      FROM "audit_events" e
      WHERE e.actor_id IS NOT NULL
        AND (
          (e.action = 'enable' AND e.target_type = 'tenant' AND e.target_id = e.tenant_id::text
              AND e.changes->'status'->>'before' = 'pending')
          OR (e.action = 'update' AND e.target_type = 'user' AND e.target_id = e.actor_id::text
              AND e.changes->'status'->>'before' = 'WaitConfirmation' AND e.changes ? 'password')
        )
      GROUP BY e.tenant_id, e.actor_id
    UNION ALL
    SELECT e.tenant_id, e.target_id::uuid, max(e.created_at)
      FROM "audit_events" e
      WHERE e.action = 'link-identity' AND e.target_type = 'user'
      GROUP BY e.tenant_id, e.target_id
  ) AS proof
  WHERE u.tenant_id = proof.tenant_id AND u.id = proof.user_id
    AND u.status <> 'WaitConfirmation'
    AND NOT EXISTS (
      SELECT 1 FROM "audit_events" c
        WHERE c.tenant_id = u.tenant_id AND c.target_type = 'user' AND c.target_id = u.id::text
          AND c.changes ? 'email' AND c.action <> 'create'
    );
--> statement-breakpoint
-- Requests (as skyvault_app) revoke what the authorization server keeps for one user of their own
-- tenant (grants, codes, tokens, sessions, interactions) through this owner-run function, in the
-- transaction that disables, deletes or resets the user. The account id names the tenant, and the
-- tenant is the transaction's, so no other tenant's user can be named.
CREATE OR REPLACE FUNCTION skyvault_revoke_account(p_user_id uuid) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  removed integer;
BEGIN
  DELETE FROM oidc_models WHERE account_id = skyvault_current_tenant()::text || ':' || p_user_id::text;
  GET DIAGNOSTICS removed = ROW_COUNT;
  RETURN removed;
END;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION skyvault_revoke_account(uuid) FROM PUBLIC;
--> statement-breakpoint
-- To the application role: the one the tenants table's policy names (DB_APP_ROLE when 0001 ran).
DO $$ BEGIN EXECUTE format('GRANT EXECUTE ON FUNCTION skyvault_revoke_account(uuid) TO %s',
  (SELECT polroles[1]::regrole FROM pg_policy WHERE polrelid = 'tenants'::regclass AND polname = 'tenant_isolation')); END $$;
--> statement-breakpoint
-- OAuth round trips (Salesforce connections, single sign-on) are written in their tenant's
-- transaction; the browser's return is looked up by the state's hash on the owner connection before a
-- tenant is known, which row-level security does not restrict.
SELECT skyvault_enable_tenant_rls('oauth_states');
