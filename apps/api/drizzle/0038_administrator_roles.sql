-- Administrator roles (modules/admin-roles, docs/administration.md): which built-in roles each
-- administrator holds (Owner, SecurityAdministrator, UserAdministrator, EnvironmentAdministrator,
-- Auditor); a user may hold several. Expand only: users.is_admin stays, and says "holds at least one
-- role", so that the previous release, which reads and writes is_admin alone, keeps working beside
-- this one (docs/upgrades.md). Both directions are kept in step here, in the database, whoever writes:
-- an administrator made by the previous release (is_admin set, no role yet) becomes an Owner, as that
-- release meant; a user it demotes (is_admin cleared) loses every role.
CREATE TABLE "user_admin_roles" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_admin_roles_pk" PRIMARY KEY("tenant_id","user_id","role"),
	CONSTRAINT "user_admin_roles_role_check" CHECK ("role" IN ('Owner', 'SecurityAdministrator', 'UserAdministrator', 'EnvironmentAdministrator', 'Auditor'))
);
--> statement-breakpoint
ALTER TABLE "user_admin_roles" ADD CONSTRAINT "user_admin_roles_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The Owners of a tenant (the last-Owner rule counts them).
CREATE INDEX "user_admin_roles_tenant_role_idx" ON "user_admin_roles" USING btree ("tenant_id","role");--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('user_admin_roles');--> statement-breakpoint
-- Every administrator so far could do everything: each becomes an Owner.
INSERT INTO "user_admin_roles" ("tenant_id", "user_id", "role")
  SELECT "tenant_id", "id", 'Owner' FROM "users" WHERE "is_admin"
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- is_admin and the roles in step, whichever release writes: runs as the owner (SECURITY DEFINER), so
-- that it works the same in a tenant transaction, the operators' CLI and the runtime role's look-ups.
CREATE OR REPLACE FUNCTION skyvault_admin_roles_follow_is_admin() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF NEW.is_admin THEN
    IF NOT EXISTS (SELECT 1 FROM user_admin_roles r WHERE r.tenant_id = NEW.tenant_id AND r.user_id = NEW.id) THEN
      INSERT INTO user_admin_roles (tenant_id, user_id, role) VALUES (NEW.tenant_id, NEW.id, 'Owner');
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM user_admin_roles r WHERE r.tenant_id = NEW.tenant_id AND r.user_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_admin_roles_follow AFTER INSERT OR UPDATE OF is_admin ON "users"
  FOR EACH ROW EXECUTE FUNCTION skyvault_admin_roles_follow_is_admin();
--> statement-breakpoint
-- A role taken away narrows a session: every process forgets the sessions it keeps (migration 0015),
-- as it does when a user is demoted, so that the role is gone everywhere within a second.
CREATE TRIGGER user_admin_roles_changed_signal AFTER INSERT OR UPDATE OR DELETE ON "user_admin_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION skyvault_signal_sessions_changed();
--> statement-breakpoint
-- Every signed-in call's one statement (migration 0018) also answers the user's roles. The previous
-- release selects the columns it knows by name, so the added one does not disturb it.
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
  mfa_enrolment boolean,
  admin_roles text[]
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT s.id, s.tenant_id, s.user_id, s.expires_at, s.last_seen_at, u.is_admin, u.status, t.status,
    t.services,
    skyvault_tenant_ip_ranges(s.tenant_id),
    s.mfa_enrolment,
    ARRAY(SELECT r.role FROM user_admin_roles r
      WHERE r.tenant_id = s.tenant_id AND r.user_id = s.user_id ORDER BY r.role)
  FROM sessions s
  JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
  JOIN tenants t ON t.id = s.tenant_id
  WHERE s.token_hash = p_token_hash
  LIMIT 1;
END
$$;
