-- The two look-ups on the hot paths, as PL/pgSQL functions: the session behind a cookie (every
-- signed-in call) and the account behind a password login. A function's statement is planned once
-- per connection and its plan reused, where a statement sent as such is parsed and planned on every
-- call unless the driver prepares it. The embedded PGlite prepares nothing, and planning these joins
-- cost it several times what running them did. Both run on the owner connection, before any tenant
-- is known, exactly as the statements they replace (sessions.repository.ts, users.repository.ts).

-- A tenant's permitted network ranges as one JSON value: both look-ups check the caller's address.
CREATE FUNCTION skyvault_tenant_ip_ranges(p_tenant_id uuid)
RETURNS json
LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_object('startIp', r.start_ip, 'endIp', r.end_ip)), '[]'::json)
  FROM ip_ranges r WHERE r.tenant_id = p_tenant_id
$$;
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
  ip_ranges json
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT s.id, s.tenant_id, s.user_id, s.expires_at, s.last_seen_at, u.is_admin, u.status, t.status,
    t.services,
    skyvault_tenant_ip_ranges(s.tenant_id)
  FROM sessions s
  JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
  JOIN tenants t ON t.id = s.tenant_id
  WHERE s.token_hash = p_token_hash
  LIMIT 1;
END
$$;
--> statement-breakpoint
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
  ip_ranges json
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT u.id, u.email, u.first_name, u.last_name, u.is_admin, u.status, u.password_hash,
    t.id, t.name, t.status, t.services,
    EXISTS (SELECT 1 FROM mfa_devices m
      WHERE m.tenant_id = u.tenant_id AND m.user_id = u.id AND m.status = 'Enable'),
    skyvault_tenant_ip_ranges(u.tenant_id)
  FROM users u
  JOIN tenants t ON t.id = u.tenant_id
  WHERE lower(t.name) = lower(p_tenant_name) AND lower(u.email) = lower(p_email)
  LIMIT 1;
END
$$;
--> statement-breakpoint
-- Abuse-limit counters (rate-limits.service.ts): one hit counted in the key's current window, a new
-- window once the old one has ended. Every guessable call counts through here.
CREATE FUNCTION skyvault_hit(p_key text, p_window_seconds integer)
RETURNS TABLE (hits integer, reset_at timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  INSERT INTO rate_limits AS r (key, hits, reset_at)
  VALUES (p_key, 1, now() + make_interval(secs => p_window_seconds))
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
    reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
  RETURNING r.hits, r.reset_at;
END
$$;
--> statement-breakpoint
-- A login's two limits in one call: counts the attempt against one key (the address) and reads the
-- failures counted against another (the account) without counting them.
CREATE FUNCTION skyvault_count_attempt(p_key text, p_window_seconds integer, p_failures_key text)
RETURNS TABLE (hits integer, reset_at timestamptz, failures integer, failures_reset_at timestamptz)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT h.hits, h.reset_at, f.hits, f.reset_at
  FROM skyvault_hit(p_key, p_window_seconds) h
  LEFT JOIN rate_limits f ON f.key = p_failures_key AND f.reset_at > now();
END
$$;
