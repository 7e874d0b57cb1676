-- Group mapping (modules/group-mapping): an identity provider's ordered rules, each taking a claim (or a
-- SAML attribute) to one of the tenant's groups. At every sign-in through the provider the first rule
-- that matches sets the user's group (docs/sso.md "Group mapping"). No foreign key to groups, as for
-- the provider's default group: a deleted group leaves its rule in place, in its position, so that the
-- rules after it do not silently start to match; such a rule assigns nothing.
CREATE TABLE "identity_provider_group_rules" (
	"tenant_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"claim" text NOT NULL,
	"operator" text NOT NULL,
	"value" text NOT NULL,
	"group_id" uuid NOT NULL,
	CONSTRAINT "identity_provider_group_rules_pk" PRIMARY KEY("tenant_id","provider_id","position"),
	CONSTRAINT "identity_provider_group_rules_operator_check" CHECK ("operator" IN ('equals', 'contains'))
);
--> statement-breakpoint
ALTER TABLE "identity_provider_group_rules" ADD CONSTRAINT "identity_provider_group_rules_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_provider_group_rules" ADD CONSTRAINT "identity_provider_group_rules_provider_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."identity_providers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('identity_provider_group_rules');--> statement-breakpoint
-- The group the provider's mapping last gave the linked user: with no rule matching any more, that
-- membership (and only that one, not a group an administrator chose by hand) is taken away.
ALTER TABLE "user_identities" ADD COLUMN "mapped_group_id" uuid;--> statement-breakpoint
-- When the provider's credentials stop working: an OIDC client secret's end date as the administrator
-- enters it, or a SAML signing certificate's notAfter. Null: unknown, or never.
ALTER TABLE "identity_providers" ADD COLUMN "credentials_expire_at" timestamp with time zone;--> statement-breakpoint
-- The warnings sent before credentials expire, one row per threshold (30, 7, 1 days) and end date: the
-- insert that wins (ON CONFLICT DO NOTHING) queues the e-mails, so each goes out once whichever process
-- runs the job. A new end date (a renewed secret) is warned about again.
CREATE TABLE "identity_provider_expiry_notices" (
	"tenant_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_provider_expiry_notices_pk" PRIMARY KEY("tenant_id","provider_id","days_before","expires_at")
);
--> statement-breakpoint
ALTER TABLE "identity_provider_expiry_notices" ADD CONSTRAINT "identity_provider_expiry_notices_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_provider_expiry_notices" ADD CONSTRAINT "identity_provider_expiry_notices_provider_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."identity_providers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_providers_credentials_expire_idx" ON "identity_providers" USING btree ("credentials_expire_at") WHERE "credentials_expire_at" IS NOT NULL;--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('identity_provider_expiry_notices');
