-- When each user last signed in: the users list shows it and sorts by it. Every sign-in opens a session
-- (password, e-mail code, passkey, single sign-on), so the session's insert sets it, in the statement
-- that opens the session: the login's one round trip stays one, and no way of signing in can forget it.
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "users" u SET "last_sign_in_at" = s.last_at
  FROM (SELECT tenant_id, user_id, max(created_at) AS last_at FROM "sessions" GROUP BY tenant_id, user_id) s
  WHERE u.tenant_id = s.tenant_id AND u.id = s.user_id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION skyvault_note_sign_in() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE public.users SET last_sign_in_at = NEW.created_at
    WHERE tenant_id = NEW.tenant_id AND id = NEW.user_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_note_sign_in AFTER INSERT ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION skyvault_note_sign_in();
--> statement-breakpoint
-- A sign-in changes nothing a kept session depends on: the signal to forget resolved sessions
-- (migration 0015) now fires for the other columns only, not on every login.
DROP TRIGGER IF EXISTS users_changed_signal ON "users";
--> statement-breakpoint
CREATE TRIGGER users_changed_signal
  AFTER UPDATE OF tenant_id, id, email, first_name, last_name, password_hash, status, is_admin,
    email_verified_at, email_unproven_since, group_id, external_id, scim_managed, scim_work_email,
    voided_password_hash, created_at, updated_at
    OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION skyvault_signal_sessions_changed();
--> statement-breakpoint
-- The users list's filters and sorts (status, administrators, name, e-mail, last sign-in), each served
-- by an index that leads with the tenant. The group filter has users_tenant_group_idx; the e-mail sort
-- the unique users_tenant_email_key.
CREATE INDEX "users_tenant_status_updated_idx" ON "users" USING btree ("tenant_id","status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "users_tenant_name_idx" ON "users" USING btree ("tenant_id",lower("first_name" || ' ' || "last_name"),"id");
--> statement-breakpoint
CREATE INDEX "users_tenant_last_sign_in_idx" ON "users" USING btree ("tenant_id","last_sign_in_at" DESC NULLS LAST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "users_tenant_admins_idx" ON "users" USING btree ("tenant_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "is_admin";
--> statement-breakpoint
-- The MFA filter: the users with an enabled authenticator (passkeys have their user's key already).
CREATE INDEX "mfa_devices_enabled_user_idx" ON "mfa_devices" USING btree ("tenant_id","user_id") WHERE "status" = 'Enable';
--> statement-breakpoint
-- The invitation a user who has not set a password yet was last sent: by whom, when, and until when its
-- link works (the link itself is a one-time token; this says what the console shows of it).
CREATE TABLE "user_invitations" (
  "tenant_id" uuid NOT NULL,
  "user_id" uuid NOT NULL,
  "invited_by" uuid,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  CONSTRAINT "user_invitations_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id"),
  CONSTRAINT "user_invitations_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "users"("tenant_id","id") ON DELETE cascade
);
--> statement-breakpoint
-- To the application role: the one the tenants table's policy names (DB_APP_ROLE when 0001 ran).
DO $$ BEGIN EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON "user_invitations" TO %s',
  (SELECT polroles[1]::regrole FROM pg_policy WHERE polrelid = 'tenants'::regclass AND polname = 'tenant_isolation')); END $$;
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('user_invitations');
