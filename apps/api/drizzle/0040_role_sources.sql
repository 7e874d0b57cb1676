-- Where administrator roles come from (docs/administration.md "Time-bound roles", "Roles through
-- groups"): besides the roles a user holds themselves (migration 0038), a role granted until a time,
-- a permission on one resource until a time, and the roles of the user's group. Expand only: the
-- release before this one reads and writes users.is_admin alone, which keeps saying "holds at least
-- one role", whatever its source.
CREATE TABLE "group_admin_roles" (
	"tenant_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_admin_roles_pk" PRIMARY KEY("tenant_id","group_id","role"),
	CONSTRAINT "group_admin_roles_role_check" CHECK ("role" IN ('Owner', 'SecurityAdministrator', 'UserAdministrator', 'EnvironmentAdministrator', 'Auditor'))
);
--> statement-breakpoint
ALTER TABLE "group_admin_roles" ADD CONSTRAINT "group_admin_roles_group_fk" FOREIGN KEY ("tenant_id","group_id") REFERENCES "public"."groups"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The groups that give Owner (the last-Owner rule counts their members).
CREATE INDEX "group_admin_roles_tenant_role_idx" ON "group_admin_roles" USING btree ("tenant_id","role");--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('group_admin_roles');--> statement-breakpoint
-- A role, or a permission on one resource, held until `expires_at`. Read only while it lasts
-- (expires_at > now(), wherever rights are read), so that it gives nothing from that instant in every
-- process; the ended rows are removed, and their ending audited, by one process (admin-roles/expiry).
CREATE TABLE "temporary_access" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text,
	"permission" text,
	"resource_type" text,
	"resource_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "temporary_access_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "temporary_access_role_check" CHECK ("role" IS NULL OR "role" IN ('Owner', 'SecurityAdministrator', 'UserAdministrator', 'EnvironmentAdministrator', 'Auditor')),
	-- Either a role, or a permission on one resource.
	CONSTRAINT "temporary_access_kind_check" CHECK (("role" IS NULL) = ("permission" IS NOT NULL) AND ("permission" IS NULL) = ("resource_type" IS NULL) AND ("resource_type" IS NULL) = ("resource_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "temporary_access" ADD CONSTRAINT "temporary_access_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One grant of a kind per user: granting it again moves its end.
CREATE UNIQUE INDEX "temporary_access_grant_key" ON "temporary_access" USING btree ("tenant_id","user_id",coalesce("role", ''),coalesce("permission", ''),coalesce("resource_id"::text, ''));--> statement-breakpoint
-- The expiry's look-up across tenants.
CREATE INDEX "temporary_access_expires_idx" ON "temporary_access" USING btree ("expires_at");--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('temporary_access');--> statement-breakpoint
-- The roles a user holds now, from every source: their own, a time-bound grant still running, their group's.
CREATE OR REPLACE FUNCTION skyvault_admin_roles_of(p_tenant_id uuid, p_user_id uuid) RETURNS text[]
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  SELECT ARRAY(
    SELECT r.role FROM user_admin_roles r WHERE r.tenant_id = p_tenant_id AND r.user_id = p_user_id
    UNION
    SELECT a.role FROM temporary_access a
      WHERE a.tenant_id = p_tenant_id AND a.user_id = p_user_id AND a.role IS NOT NULL AND a.expires_at > now()
    UNION
    SELECT g.role FROM group_admin_roles g JOIN users u ON u.tenant_id = g.tenant_id AND u.group_id = g.group_id
      WHERE u.tenant_id = p_tenant_id AND u.id = p_user_id
    ORDER BY 1)
$$;
--> statement-breakpoint
-- users.is_admin from the roles, for the previous release, after any change of a source.
CREATE OR REPLACE FUNCTION skyvault_sync_is_admin(p_tenant_id uuid, p_user_id uuid) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  holds boolean := cardinality(skyvault_admin_roles_of(p_tenant_id, p_user_id)) > 0;
BEGIN
  UPDATE users SET is_admin = holds
    WHERE tenant_id = p_tenant_id AND id = p_user_id AND is_admin IS DISTINCT FROM holds;
END
$$;
--> statement-breakpoint
-- Migration 0038's trigger, knowing the other sources: the previous release makes an administrator
-- (is_admin set) who holds no role from any source an Owner; when it demotes one, their own and
-- time-bound roles go (a group's stay the group's: is_admin follows them back).
CREATE OR REPLACE FUNCTION skyvault_admin_roles_follow_is_admin() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF NEW.is_admin THEN
    IF cardinality(skyvault_admin_roles_of(NEW.tenant_id, NEW.id)) = 0 THEN
      INSERT INTO user_admin_roles (tenant_id, user_id, role) VALUES (NEW.tenant_id, NEW.id, 'Owner')
        ON CONFLICT DO NOTHING;
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM user_admin_roles r WHERE r.tenant_id = NEW.tenant_id AND r.user_id = NEW.id;
    DELETE FROM temporary_access a
      WHERE a.tenant_id = NEW.tenant_id AND a.user_id = NEW.id AND a.role IS NOT NULL AND a.expires_at > now();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION skyvault_user_role_source_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM skyvault_sync_is_admin(OLD.tenant_id, OLD.user_id);
  ELSE
    PERFORM skyvault_sync_is_admin(NEW.tenant_id, NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER user_admin_roles_sync_is_admin AFTER INSERT OR DELETE ON "user_admin_roles"
  FOR EACH ROW EXECUTE FUNCTION skyvault_user_role_source_changed();
--> statement-breakpoint
CREATE TRIGGER temporary_access_sync_is_admin AFTER INSERT OR UPDATE OR DELETE ON "temporary_access"
  FOR EACH ROW EXECUTE FUNCTION skyvault_user_role_source_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION skyvault_group_role_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  g record;
  member record;
BEGIN
  IF TG_OP = 'DELETE' THEN g := OLD; ELSE g := NEW; END IF;
  FOR member IN SELECT u.id FROM users u WHERE u.tenant_id = g.tenant_id AND u.group_id = g.group_id LOOP
    PERFORM skyvault_sync_is_admin(g.tenant_id, member.id);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER group_admin_roles_sync_is_admin AFTER INSERT OR DELETE ON "group_admin_roles"
  FOR EACH ROW EXECUTE FUNCTION skyvault_group_role_changed();
--> statement-breakpoint
-- A user who joins or leaves a group gains or loses its roles. Named to run after 0038's trigger
-- (triggers run in name order), which has made an administrator the previous release added an Owner.
CREATE OR REPLACE FUNCTION skyvault_user_group_changed() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  PERFORM skyvault_sync_is_admin(NEW.tenant_id, NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_group_sync_is_admin AFTER INSERT OR UPDATE OF group_id ON "users"
  FOR EACH ROW EXECUTE FUNCTION skyvault_user_group_changed();
--> statement-breakpoint
-- A grant or a group's role taken away narrows sessions: every process forgets what it keeps.
CREATE TRIGGER group_admin_roles_changed_signal AFTER INSERT OR UPDATE OR DELETE ON "group_admin_roles"
  FOR EACH STATEMENT EXECUTE FUNCTION skyvault_signal_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER temporary_access_changed_signal AFTER INSERT OR UPDATE OR DELETE ON "temporary_access"
  FOR EACH STATEMENT EXECUTE FUNCTION skyvault_signal_sessions_changed();
--> statement-breakpoint
-- Every signed-in call's one statement answers the roles from every source, and the permissions on
-- one resource the user holds now. The previous release selects the columns it knows by name.
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
  admin_roles text[],
  resource_grants json
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT s.id, s.tenant_id, s.user_id, s.expires_at, s.last_seen_at, u.is_admin, u.status, t.status,
    t.services,
    skyvault_tenant_ip_ranges(s.tenant_id),
    s.mfa_enrolment,
    skyvault_admin_roles_of(s.tenant_id, s.user_id),
    (SELECT coalesce(json_agg(json_build_object('permission', a.permission,
        'resourceType', a.resource_type, 'resourceId', a.resource_id)), '[]'::json)
      FROM temporary_access a
      WHERE a.tenant_id = s.tenant_id AND a.user_id = s.user_id AND a.permission IS NOT NULL
        AND a.expires_at > now())
  FROM sessions s
  JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
  JOIN tenants t ON t.id = s.tenant_id
  WHERE s.token_hash = p_token_hash
  LIMIT 1;
END
$$;
