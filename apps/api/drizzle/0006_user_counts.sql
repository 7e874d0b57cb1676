-- Each tenant's number of users, kept by a trigger: the users list answers its total without counting
-- 100,000 rows on every page. Searches still count their (index-narrowed) matches.
CREATE TABLE user_counts (
  tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
  users bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
INSERT INTO user_counts (tenant_id, users)
  SELECT t.id, (SELECT count(*) FROM users u WHERE u.tenant_id = t.id) FROM tenants t;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION skyvault_count_users() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_counts (tenant_id, users) VALUES (NEW.tenant_id, 1)
      ON CONFLICT (tenant_id) DO UPDATE SET users = user_counts.users + 1;
  ELSE
    UPDATE user_counts SET users = users - 1 WHERE tenant_id = OLD.tenant_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_count AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION skyvault_count_users();
--> statement-breakpoint
-- To the application role: the one the tenants table's policy names (DB_APP_ROLE when 0001 ran).
DO $$ BEGIN EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON user_counts TO %s',
  (SELECT polroles[1]::regrole FROM pg_policy WHERE polrelid = 'tenants'::regclass AND polname = 'tenant_isolation')); END $$;
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('user_counts');
