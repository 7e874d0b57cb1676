-- An administrator's Reset password erases the user's password; the hash it erased is kept beside it,
-- so that a login with that old password is told that the administrator reset it and that the link
-- is in the user's mailbox, instead of only "wrong password". It never signs anyone in: the login
-- look-up answers it only while the user waits in ForceResetPassword, and a new password clears it.
ALTER TABLE "users" ADD COLUMN "voided_password_hash" text;
--> statement-breakpoint
DROP FUNCTION skyvault_login_account(text, text);
--> statement-breakpoint
-- As in 0018, with voided_password_hash last: the erased password of a user an administrator reset.
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
  mfa_enforced_at timestamptz,
  voided_password_hash text
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT f.id, f.email, f.first_name, f.last_name, f.is_admin, f.status, f.password_hash,
    f.tenant_id, f.name, f.tenant_status, f.services,
    f.has_totp OR f.has_passkey,
    skyvault_tenant_ip_ranges(f.tenant_id),
    f.has_totp, f.has_passkey, f.created_at, f.mfa_policy, f.mfa_grace_days, f.mfa_enforced_at,
    CASE WHEN f.status = 'ForceResetPassword' THEN f.voided_password_hash END
  FROM (
    SELECT u.id, u.email, u.first_name, u.last_name, u.is_admin, u.status, u.password_hash,
      t.id AS tenant_id, t.name, t.status AS tenant_status, t.services,
      EXISTS (SELECT 1 FROM mfa_devices m
        WHERE m.tenant_id = u.tenant_id AND m.user_id = u.id AND m.status = 'Enable') AS has_totp,
      EXISTS (SELECT 1 FROM passkeys p
        WHERE p.tenant_id = u.tenant_id AND p.user_id = u.id) AS has_passkey,
      u.created_at, t.mfa_policy, t.mfa_grace_days, t.mfa_enforced_at, u.voided_password_hash
    FROM users u
    JOIN tenants t ON t.id = u.tenant_id
    WHERE lower(t.name) = lower(p_tenant_name) AND lower(u.email) = lower(p_email)
    LIMIT 1
  ) f;
END
$$;
