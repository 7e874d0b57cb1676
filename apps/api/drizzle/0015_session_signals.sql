-- Every API process keeps the sessions it resolved for a moment (SESSION_CACHE_MS). A change that can
-- end or narrow a session (a session ended; a user changed or deleted; a tenant's status, services or
-- name; a network range) notifies skyvault_sessions_changed when it commits, and every process that
-- LISTENs forgets what it kept (db/signals.ts): an ended session is refused at once everywhere.
-- Statement triggers: one notification a statement, and NOTIFY folds repeats within a transaction.
CREATE OR REPLACE FUNCTION skyvault_signal_sessions_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_notify('skyvault_sessions_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed_signal AFTER DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION skyvault_signal_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_changed_signal AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION skyvault_signal_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER tenants_changed_signal AFTER UPDATE OR DELETE ON tenants
  FOR EACH STATEMENT EXECUTE FUNCTION skyvault_signal_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER ip_ranges_changed_signal AFTER INSERT OR UPDATE OR DELETE ON ip_ranges
  FOR EACH STATEMENT EXECUTE FUNCTION skyvault_signal_sessions_changed();
