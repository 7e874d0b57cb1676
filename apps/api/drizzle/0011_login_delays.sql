-- Progressive delays instead of lockouts (a failure makes the next attempt of an account, or of an
-- account from one address, wait longer), per-address counters that count failures only, and an
-- administrator's "Reset password" that erases the old password.
ALTER TABLE rate_limits ADD COLUMN blocked_until timestamptz;
--> statement-breakpoint
-- The old password of a user an administrator reset must sign in nowhere; the mailed link sets a new one.
UPDATE users SET password_hash = NULL WHERE status = 'ForceResetPassword';
--> statement-breakpoint
-- Counts a failure against a delay counter: after p_free failures in the window, each one makes the
-- key wait 1, 2, 4 … seconds, at most p_max_delay.
CREATE FUNCTION skyvault_delay(p_key text, p_window_seconds integer, p_free integer, p_max_delay integer)
RETURNS void
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_hits integer;
BEGIN
  INSERT INTO rate_limits AS r (key, hits, reset_at)
  VALUES (p_key, 1, now() + make_interval(secs => p_window_seconds))
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.reset_at <= now() THEN 1 ELSE r.hits + 1 END,
    reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
  RETURNING r.hits INTO v_hits;
  IF v_hits > p_free THEN
    UPDATE rate_limits
    SET blocked_until = now() + make_interval(secs => least(p_max_delay, power(2, least(v_hits - p_free - 1, 30))))
    WHERE key = p_key;
  END IF;
END
$$;
--> statement-breakpoint
-- What a login must respect before it is tried, in one call: the address's failures, and how long the
-- account and the (account, address) pair must still wait.
CREATE FUNCTION skyvault_login_gate(p_address_key text, p_account_key text, p_pair_key text)
RETURNS TABLE (
  address_failures integer,
  address_reset_at timestamptz,
  account_blocked_until timestamptz,
  pair_blocked_until timestamptz,
  has_failures boolean
)
LANGUAGE sql STABLE AS $$
  SELECT
    (SELECT hits FROM rate_limits WHERE key = p_address_key AND reset_at > now()),
    (SELECT reset_at FROM rate_limits WHERE key = p_address_key AND reset_at > now()),
    (SELECT blocked_until FROM rate_limits WHERE key = p_account_key AND blocked_until > now()),
    (SELECT blocked_until FROM rate_limits WHERE key = p_pair_key AND blocked_until > now()),
    EXISTS (SELECT 1 FROM rate_limits WHERE key IN (p_account_key, p_pair_key))
$$;
--> statement-breakpoint
-- A failed login in one call, whether or not the account exists (the two must cost the same): the
-- address's failure, the delays of the account and the pair, and the audit event when there is a user.
CREATE FUNCTION skyvault_login_failed(
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
    INSERT INTO audit_events (tenant_id, actor_id, action, target_type, target_id, ip, user_agent, request_id)
    VALUES (p_tenant_id, p_user_id, 'failed-sign-in', 'user', p_user_id::text, p_ip, p_user_agent, p_request_id);
  END IF;
END
$$;
