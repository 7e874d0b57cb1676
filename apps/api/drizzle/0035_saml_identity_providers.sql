-- SAML 2.0 identity providers (modules/saml). A SAML provider is a row of identity_providers, so that
-- its users' links (user_identities), its verified domains' routes and its login button work as an
-- OpenID provider's do, plus a row here with what its metadata said and our SP key pair.
--
-- Rolling upgrade: the previous release parses identity_providers.type with the single value 'OpenId'
-- and answers 500 for any other, so this release still writes 'OpenId' there (with client_id '',
-- client_secret '' and issuer = the identity provider's entity id) and tells a SAML provider by its row
-- in this table. The previous release then lists such a provider as an OpenID one that cannot sign in
-- (its start fails discovery and lands on the login page's error), and deleting it there cascades here.
-- A later release may write 'Saml' into identity_providers.type: this one reads both (docs/upgrades.md).
CREATE TABLE "saml_identity_providers" (
	"tenant_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"metadata_xml" text NOT NULL,
	"metadata_url" text,
	"idp_entity_id" text NOT NULL,
	"sso_url" text NOT NULL,
	"sso_binding" text NOT NULL,
	"signing_certificates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"certificate_not_after" timestamp with time zone,
	"email_attribute" text DEFAULT '' NOT NULL,
	"first_name_attribute" text DEFAULT '' NOT NULL,
	"last_name_attribute" text DEFAULT '' NOT NULL,
	"clock_skew_seconds" integer DEFAULT 60 NOT NULL,
	"want_assertions_signed" boolean DEFAULT true NOT NULL,
	"allow_idp_initiated" boolean DEFAULT false NOT NULL,
	"sp_private_key" text NOT NULL,
	"sp_certificate" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saml_identity_providers_pk" PRIMARY KEY("tenant_id","provider_id"),
	CONSTRAINT "saml_identity_providers_binding_check" CHECK ("sso_binding" IN ('Redirect', 'Post')),
	CONSTRAINT "saml_identity_providers_skew_check" CHECK ("clock_skew_seconds" BETWEEN 0 AND 300)
);
--> statement-breakpoint
ALTER TABLE "saml_identity_providers" ADD CONSTRAINT "saml_identity_providers_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_identity_providers" ADD CONSTRAINT "saml_identity_providers_provider_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."identity_providers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saml_identity_providers_not_after_idx" ON "saml_identity_providers" USING btree ("certificate_not_after");--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('saml_identity_providers');--> statement-breakpoint
-- Each assertion is accepted once: its id is kept until the assertion expires, in the database, so that a
-- replay to another API process is refused as well.
CREATE TABLE "saml_assertions_seen" (
	"tenant_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saml_assertions_seen_pk" PRIMARY KEY("tenant_id","provider_id","assertion_id")
);
--> statement-breakpoint
ALTER TABLE "saml_assertions_seen" ADD CONSTRAINT "saml_assertions_seen_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_assertions_seen" ADD CONSTRAINT "saml_assertions_seen_provider_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."identity_providers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saml_assertions_seen_expires_idx" ON "saml_assertions_seen" USING btree ("expires_at");--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('saml_assertions_seen');--> statement-breakpoint
-- What a "Test sign-in" received, for the administrator's result page: short-lived, read by id.
CREATE TABLE "saml_test_results" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"user_id" uuid,
	"result" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saml_test_results_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "saml_test_results" ADD CONSTRAINT "saml_test_results_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_test_results" ADD CONSTRAINT "saml_test_results_provider_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."identity_providers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saml_test_results_expires_idx" ON "saml_test_results" USING btree ("expires_at");--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('saml_test_results');
