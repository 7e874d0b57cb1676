-- Break-glass administrators (modules/domains, sso-enforcement): the administrators a tenant names who
-- may still sign in with a password and their second factor while one of its verified domains enforces
-- single sign-on, so that a failed identity provider does not lock the organization out. At least one
-- is required while any enforcement is on (the service refuses removing, demoting, disabling or
-- deleting the last one); a deleted user's row goes with them.
CREATE TABLE "break_glass_admins" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "break_glass_admins_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "break_glass_admins" ADD CONSTRAINT "break_glass_admins_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "break_glass_admins" ADD CONSTRAINT "break_glass_admins_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('break_glass_admins');--> statement-breakpoint
-- The API token look-up of migration 0024 also answers whether the token's creator is held to single
-- sign-on by a verified domain of the token's tenant whose policy stops their tokens
-- (api_tokens_under_enforcement off), so that a call still costs one statement. Break-glass
-- administrators are held too: their exception is for signing in, not for scripts. The previous
-- release selects the columns it knows by name, so the added one does not disturb it.
DROP FUNCTION skyvault_api_token_by_hash(text);
--> statement-breakpoint
CREATE FUNCTION skyvault_api_token_by_hash(p_token_hash text)
RETURNS TABLE (
  id uuid,
  tenant_id uuid,
  name text,
  scope text,
  expires_at timestamptz,
  last_used_at timestamptz,
  tenant_status text,
  services text[],
  ip_ranges json,
  created_in_mfa_grace_until timestamptz,
  creator_enrolled boolean,
  creator_sso_enforced boolean
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT a.id, a.tenant_id, a.name, a.scope, a.expires_at, a.last_used_at, t.status, t.services,
    skyvault_tenant_ip_ranges(a.tenant_id),
    a.created_in_mfa_grace_until,
    CASE WHEN a.created_in_mfa_grace_until IS NULL THEN NULL ELSE
      EXISTS (SELECT 1 FROM mfa_devices m
        WHERE m.tenant_id = a.tenant_id AND m.user_id = a.created_by AND m.status = 'Enable')
      OR EXISTS (SELECT 1 FROM passkeys p WHERE p.tenant_id = a.tenant_id AND p.user_id = a.created_by)
    END,
    EXISTS (SELECT 1 FROM users u
      JOIN verified_domains d ON d.tenant_id = u.tenant_id
        AND d.domain = lower(substring(u.email from '@([^@]+)$'))
      WHERE u.tenant_id = a.tenant_id AND u.id = a.created_by
        AND d.status = 'Verified' AND d.enforce_sso AND NOT d.api_tokens_under_enforcement)
  FROM api_tokens a
  JOIN tenants t ON t.id = a.tenant_id
  WHERE a.token_hash = p_token_hash
  LIMIT 1;
END
$$;
