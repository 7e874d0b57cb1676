-- Whether a tenant's administrators hid the setup guide (modules/setup-guide); a tenant without a row
-- sees it. One row per tenant, keyed by the tenant, under the tenant's row-level security.
CREATE TABLE "setup_guides" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"dismissed" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "setup_guides" ADD CONSTRAINT "setup_guides_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('setup_guides');
