-- Log streams (modules/log-streams, docs/log-streams.md): where a tenant's audit events are streamed,
-- with each stream's cursor over the tenant's audit chain. Expand only: a new table the previous
-- release never reads.
CREATE TABLE "log_streams" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"settings" jsonb NOT NULL,
	"secret" text,
	"actions" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"delivered_seq" bigint DEFAULT 0 NOT NULL,
	"last_delivered_at" timestamp with time zone,
	"last_error" text,
	"failing_since" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_streams_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "log_streams_type_check" CHECK ("type" IN ('https', 'splunk', 'datadog', 'storage')),
	CONSTRAINT "log_streams_state_check" CHECK ("state" IN ('active', 'retrying', 'paused', 'suspended'))
);
--> statement-breakpoint
ALTER TABLE "log_streams" ADD CONSTRAINT "log_streams_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "log_streams_tenant_name_key" ON "log_streams" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "log_streams_due_idx" ON "log_streams" USING btree ("next_attempt_at") WHERE "log_streams"."state" in ('active', 'retrying');--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('log_streams');
