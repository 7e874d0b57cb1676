CREATE TABLE "connection_checks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"api_used" integer,
	"api_max" integer,
	"org_id" text,
	"instance_url" text,
	"is_sandbox" boolean,
	"api_version" text,
	"duration_ms" integer NOT NULL,
	CONSTRAINT "connection_checks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "access_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "token_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "renewal_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "health_status" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "health_reason" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "health_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "check_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "check_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "api_used" integer;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "api_max" integer;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "api_version" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "api_version_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "is_sandbox" boolean;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "observed_org_id" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "earlier_org_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "connection_checks" ADD CONSTRAINT "connection_checks_tenant_id_connection_id_connections_tenant_id_id_fk" FOREIGN KEY ("tenant_id","connection_id") REFERENCES "public"."connections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connection_checks_connection_idx" ON "connection_checks" USING btree ("tenant_id","connection_id","checked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "connection_checks_checked_idx" ON "connection_checks" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "connections_next_check_idx" ON "connections" USING btree ("next_check_at") WHERE "connections"."status" = 'connected';--> statement-breakpoint
CREATE INDEX "connections_salesforce_user_idx" ON "connections" USING btree ("salesforce_user_id") WHERE "connections"."status" = 'connected';--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('connection_checks');--> statement-breakpoint
-- Connections connected before health checks existed are checked at the scheduler's first pass.
UPDATE "connections" SET "next_check_at" = now(), "token_used_at" = "connected_at" WHERE "status" = 'connected';
