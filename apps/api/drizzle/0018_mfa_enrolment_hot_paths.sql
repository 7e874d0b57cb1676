-- The two hot-path look-ups (migration 0009) learn the MFA policy, so that neither a signed-in call nor a
-- password login costs another statement: the session says whether it is restricted to enrolling a
-- second factor, and the login account says which factors the user has and what the tenant requires.
DROP FUNCTION skyvault_session_by_token(text);
--> statement-breakpoint
CREATE FUNCTION skyvault_session_by_token(p_token_hash text)
RETURNS TABLE (
  id uuid,
  tenant_id uuid,
  user_id uuid,
  expires_at timestamptz,
  last_seen_at timestamptz,
  is_admin boolean,
  user_status text,
  tenant_status text,
  services text[],
  ip_ranges json,
  mfa_enrolment boolean
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT s.id, s.tenant_id, s.user_id, s.expires_at, s.last_seen_at, u.is_admin, u.status, t.status,
    t.services,
    skyvault_tenant_ip_ranges(s.tenant_id),
    s.mfa_enrolment
  FROM sessions s
  JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
  JOIN tenants t ON t.id = s.tenant_id
  WHERE s.token_hash = p_token_hash
  LIMIT 1;
END
$$;
--> statement-breakpoint
DROP FUNCTION skyvault_login_account(text, text);
--> statement-breakpoint
-- mfa_required: any second factor (an enabled authenticator or a passkey); has_totp: an authenticator.
CREATE FUNCTION skyvault_login_account(p_tenant_name text, p_email text)
RETURNS TABLE (
  user_id uuid,
  email text,
  first_name text,
  last_name text,
  is_admin boolean,
  user_status text,
  password_hash text,
  tenant_id uuid,
  tenant_name text,
  tenant_status text,
  services text[],
  mfa_required boolean,
  ip_ranges json,
  has_totp boolean,
  has_passkey boolean,
  user_created_at timestamptz,
  mfa_policy text,
  mfa_grace_days integer,
  mfa_enforced_at timestamptz
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT f.id, f.email, f.first_name, f.last_name, f.is_admin, f.status, f.password_hash,
    f.tenant_id, f.name, f.tenant_status, f.services,
    f.has_totp OR f.has_passkey,
    skyvault_tenant_ip_ranges(f.tenant_id),
    f.has_totp, f.has_passkey, f.created_at, f.mfa_policy, f.mfa_grace_days, f.mfa_enforced_at
  FROM (
    SELECT u.id, u.email, u.first_name, u.last_name, u.is_admin, u.status, u.password_hash,
      t.id AS tenant_id, t.name, t.status AS tenant_status, t.services,
      EXISTS (SELECT 1 FROM mfa_devices m
        WHERE m.tenant_id = u.tenant_id AND m.user_id = u.id AND m.status = 'Enable') AS has_totp,
      EXISTS (SELECT 1 FROM passkeys p
        WHERE p.tenant_id = u.tenant_id AND p.user_id = u.id) AS has_passkey,
      u.created_at, t.mfa_policy, t.mfa_grace_days, t.mfa_enforced_at
    FROM users u
    JOIN tenants t ON t.id = u.tenant_id
    WHERE lower(t.name) = lower(p_tenant_name) AND lower(u.email) = lower(p_email)
    LIMIT 1
  ) f;
END
$$;
