CREATE TABLE "connections" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"organization_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_id" uuid,
	"encryption_key" text,
	"instance_url" text,
	"org_id" text,
	"salesforce_username" text,
	"salesforce_user_id" text,
	"access_token" text,
	"refresh_token" text,
	"last_error" text,
	"created_by" uuid,
	"connected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"product" text NOT NULL,
	"edition" text NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"trial_used" boolean DEFAULT false NOT NULL,
	"limits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licenses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"target_id" uuid,
	"code_verifier" text NOT NULL,
	"nonce" text,
	"redirect_uri" text NOT NULL,
	"return_to" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"is_shared" boolean DEFAULT false NOT NULL,
	"credentials" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_storage_id_storages_id_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storages" ADD CONSTRAINT "storages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connections_tenant_name_key" ON "connections" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "connections_tenant_created_idx" ON "connections" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "connections_tenant_updated_idx" ON "connections" USING btree ("tenant_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_tenant_product_key" ON "licenses" USING btree ("tenant_id","product");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_states_hash_key" ON "oauth_states" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "storages_tenant_name_key" ON "storages" USING btree (coalesce("tenant_id"::text, 'shared'),lower("name"));--> statement-breakpoint
CREATE INDEX "storages_tenant_created_idx" ON "storages" USING btree ("tenant_id","created_at");--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('licenses');
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('connections');
--> statement-breakpoint
-- Storages: every tenant reads its own rows and the shared ones; it writes only its own.
ALTER TABLE storages ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- To the application role: the one the tenants table's policy names (DB_APP_ROLE when 0001 ran).
DO $$ BEGIN EXECUTE format('CREATE POLICY storages_read ON storages FOR SELECT TO %s
  USING (tenant_id = skyvault_current_tenant() OR (tenant_id IS NULL AND is_shared))',
  (SELECT polroles[1]::regrole FROM pg_policy WHERE polrelid = 'tenants'::regclass AND polname = 'tenant_isolation')); END $$;
--> statement-breakpoint
DO $$ BEGIN EXECUTE format('CREATE POLICY storages_insert ON storages FOR INSERT TO %s
  WITH CHECK (tenant_id = skyvault_current_tenant() AND NOT is_shared)',
  (SELECT polroles[1]::regrole FROM pg_policy WHERE polrelid = 'tenants'::regclass AND polname = 'tenant_isolation')); END $$;
--> statement-breakpoint
DO $$ BEGIN EXECUTE format('CREATE POLICY storages_update ON storages FOR UPDATE TO %s
  USING (tenant_id = skyvault_current_tenant()) WITH CHECK (tenant_id = skyvault_current_tenant() AND NOT is_shared)',
  (SELECT polroles[1]::regrole FROM pg_policy WHERE polrelid = 'tenants'::regclass AND polname = 'tenant_isolation')); END $$;
--> statement-breakpoint
DO $$ BEGIN EXECUTE format('CREATE POLICY storages_delete ON storages FOR DELETE TO %s
  USING (tenant_id = skyvault_current_tenant())',
  (SELECT polroles[1]::regrole FROM pg_policy WHERE polrelid = 'tenants'::regclass AND polname = 'tenant_isolation')); END $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS connections_search_trgm_idx ON connections
  USING gin ((lower(name || ' ' || coalesce(salesforce_username, ''))) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS storages_search_trgm_idx ON storages USING gin (lower(name) gin_trgm_ops);
