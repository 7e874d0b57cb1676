-- A token made while its creator was inside the MFA grace period (the tenant requires a second factor
-- and the creator had none yet) must not outlive that period: whoever made it may hold the password
-- only. The token keeps the instant the creator's grace period ends; null for every other token.
ALTER TABLE "api_tokens" ADD COLUMN "created_in_mfa_grace_until" timestamp with time zone;
--> statement-breakpoint
DROP FUNCTION skyvault_api_token_by_hash(text);
--> statement-breakpoint
-- The look-up of migration 0019 also answers the grace end and whether the creator has enrolled a
-- factor since (an enabled authenticator or a passkey), so that a call still costs one statement. The
-- factor is looked for only on tokens made in a grace period.
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
  creator_enrolled boolean
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
    END
  FROM api_tokens a
  JOIN tenants t ON t.id = a.tenant_id
  WHERE a.token_hash = p_token_hash
  LIMIT 1;
END
$$;
