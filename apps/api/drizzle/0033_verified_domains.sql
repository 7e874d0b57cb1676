-- Verified domains (modules/domains): an e-mail domain a tenant proved it owns by publishing a DNS TXT
-- value. Once verified, the domain routes its addresses' sign-ins (home-realm discovery) to the tenant's
-- chosen identity providers, may enforce single sign-on, and keeps other organizations' sign-ups out.
-- A domain is verified by at most one tenant at a time: the partial unique index holds across tenants
-- (an index is not subject to row-level security), so a second tenant's verification is refused by it.
CREATE TABLE "verified_domains" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"domain" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"txt_value" text NOT NULL,
	"verified_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"check_lease_until" timestamp with time zone,
	"last_found" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"missing_since" timestamp with time zone,
	"enforce_sso" boolean DEFAULT false NOT NULL,
	"api_tokens_under_enforcement" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verified_domains_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "verified_domains_status_check" CHECK ("status" IN ('Pending', 'Verified', 'Lapsed'))
);
--> statement-breakpoint
ALTER TABLE "verified_domains" ADD CONSTRAINT "verified_domains_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verified_domains_tenant_domain_key" ON "verified_domains" USING btree ("tenant_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "verified_domains_verified_key" ON "verified_domains" USING btree ("domain") WHERE "status" = 'Verified';--> statement-breakpoint
CREATE INDEX "verified_domains_due_idx" ON "verified_domains" USING btree ("next_check_at") WHERE "status" = 'Verified';--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('verified_domains');--> statement-breakpoint
-- Which identity providers an address on the domain is sent to at the login's e-mail step; with several,
-- the login page offers a choice, in the administrator's order.
CREATE TABLE "verified_domain_providers" (
	"tenant_id" uuid NOT NULL,
	"domain_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "verified_domain_providers_pk" PRIMARY KEY("tenant_id","domain_id","provider_id")
);
--> statement-breakpoint
ALTER TABLE "verified_domain_providers" ADD CONSTRAINT "verified_domain_providers_domain_fk" FOREIGN KEY ("tenant_id","domain_id") REFERENCES "public"."verified_domains"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verified_domain_providers" ADD CONSTRAINT "verified_domain_providers_provider_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."identity_providers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verified_domain_providers_provider_idx" ON "verified_domain_providers" USING btree ("tenant_id","provider_id");--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('verified_domain_providers');
