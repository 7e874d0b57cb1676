CREATE TABLE "applications" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "icons" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"svg" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "icons_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "identity_providers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"button_text" text NOT NULL,
	"button_image_id" uuid,
	"default_group_id" uuid,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"issuer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_providers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "ip_ranges" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"start_ip" text NOT NULL,
	"end_ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ip_ranges_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "oidc_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"alg" text NOT NULL,
	"private_jwk" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oidc_models" (
	"model" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"client_id" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_models_model_key_pk" PRIMARY KEY("model","key")
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"tenant_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_identities_tenant_id_provider_id_subject_pk" PRIMARY KEY("tenant_id","provider_id","subject")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "icons" ADD CONSTRAINT "icons_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_ranges" ADD CONSTRAINT "ip_ranges_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_tenant_id_provider_id_identity_providers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."identity_providers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_client_id_key" ON "applications" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_tenant_name_key" ON "applications" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "applications_tenant_created_idx" ON "applications" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "icons_id_key" ON "icons" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_providers_tenant_name_key" ON "identity_providers" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "identity_providers_tenant_created_idx" ON "identity_providers" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ip_ranges_tenant_name_key" ON "ip_ranges" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "ip_ranges_tenant_created_idx" ON "ip_ranges" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "oidc_models_grant_idx" ON "oidc_models" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_models_uid_idx" ON "oidc_models" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_models_client_idx" ON "oidc_models" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "oidc_models_expires_idx" ON "oidc_models" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("tenant_id","user_id");--> statement-breakpoint
-- A provider's default group and button image live in the same tenant; deleting either leaves the
-- provider without one. (The column list of SET NULL keeps tenant_id, which is part of the key.)
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_tenant_group_fk" FOREIGN KEY ("tenant_id", "default_group_id")
  REFERENCES "public"."groups"("tenant_id", "id") ON DELETE SET NULL ("default_group_id");
--> statement-breakpoint
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_tenant_icon_fk" FOREIGN KEY ("tenant_id", "button_image_id")
  REFERENCES "public"."icons"("tenant_id", "id") ON DELETE SET NULL ("button_image_id");
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('applications');
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('icons');
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('identity_providers');
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('user_identities');
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('ip_ranges');
--> statement-breakpoint
-- The authorization server's own tables are the owner's alone: no request role reads keys or tokens.
-- To the application role: the one the tenants table's policy names (DB_APP_ROLE when 0001 ran).
DO $$ BEGIN EXECUTE format('REVOKE ALL ON "oidc_models", "oidc_keys" FROM %s',
  (SELECT polroles[1]::regrole FROM pg_policy WHERE polrelid = 'tenants'::regclass AND polname = 'tenant_isolation')); END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS applications_search_trgm_idx ON applications
  USING gin ((lower(name || ' ' || client_id)) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS identity_providers_search_trgm_idx ON identity_providers
  USING gin ((lower(name || ' ' || issuer)) gin_trgm_ops);
--> statement-breakpoint
-- Requests (as skyvault_app) revoke what the authorization server keeps for one of their own tenant's
-- apps through this owner-run function, in the transaction of the change (disable, regenerate, delete).
CREATE OR REPLACE FUNCTION skyvault_revoke_client(p_client_id text) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  removed integer;
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM applications WHERE client_id = p_client_id AND tenant_id = skyvault_current_tenant()
  ) THEN
    RETURN 0;
  END IF;
  DELETE FROM oidc_models WHERE client_id = p_client_id;
  GET DIAGNOSTICS removed = ROW_COUNT;
  RETURN removed;
END;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION skyvault_revoke_client(text) FROM PUBLIC;
--> statement-breakpoint
DO $$ BEGIN EXECUTE format('GRANT EXECUTE ON FUNCTION skyvault_revoke_client(text) TO %s',
  (SELECT polroles[1]::regrole FROM pg_policy WHERE polrelid = 'tenants'::regclass AND polname = 'tenant_isolation')); END $$;
--> statement-breakpoint
-- Single sign-on starts from a provider id alone (the login button's link), before a tenant is known.
CREATE UNIQUE INDEX IF NOT EXISTS "identity_providers_id_key" ON "identity_providers" USING btree ("id");
