-- Storage health (modules/storages/health): what the last test of a storage's credentials found, and
-- when the scheduler looks again. Nullable and additive: the release before this one reads and writes
-- storages without knowing these columns. next_check_at NULL means due now, so every storage that
-- predates this release is checked once right after the upgrade.
ALTER TABLE "storages" ADD COLUMN "health_status" text;--> statement-breakpoint
-- The problem as the API answers it (kind, permission, actualRegion, field, message); NULL when healthy.
ALTER TABLE "storages" ADD COLUMN "health_problem" jsonb;--> statement-breakpoint
-- What the bucket or container reports: versioning, immutability, default encryption.
ALTER TABLE "storages" ADD COLUMN "health_properties" jsonb;--> statement-breakpoint
ALTER TABLE "storages" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "storages" ADD COLUMN "last_success_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "storages" ADD COLUMN "health_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "storages" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
-- Held by the one process running the storage's scheduled check (claimed with SKIP LOCKED).
ALTER TABLE "storages" ADD COLUMN "check_lease_until" timestamp with time zone;--> statement-breakpoint
-- Who created the storage: told with the administrators when it turns unhealthy (NULL for storages made
-- before this release, by the operators, or by a user since deleted).
ALTER TABLE "storages" ADD COLUMN "created_by" uuid;--> statement-breakpoint
-- Failed checks in a row, for the retry backoff while a storage is unhealthy.
ALTER TABLE "storages" ADD COLUMN "check_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The scheduler's look-up of what is due, across tenants; Local storages are the platform's and never checked.
CREATE INDEX "storages_next_check_idx" ON "storages" USING btree ("next_check_at") WHERE "type" <> 'Local';--> statement-breakpoint
-- The banner's look-up of a tenant's unhealthy storages.
CREATE INDEX "storages_tenant_unhealthy_idx" ON "storages" USING btree ("tenant_id") WHERE "health_status" = 'Unhealthy';--> statement-breakpoint
-- One check of a storage; the storage page lists the last 30. A shared storage's checks have no
-- tenant: row-level security then shows them to no tenant, only to the operators' CLI.
CREATE TABLE "storage_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid,
	"storage_id" uuid NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"problem" text,
	"message" text,
	"duration_ms" integer NOT NULL,
	CONSTRAINT "storage_checks_trigger_check" CHECK ("trigger" IN ('schedule', 'manual', 'save'))
);
--> statement-breakpoint
ALTER TABLE "storage_checks" ADD CONSTRAINT "storage_checks_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_checks" ADD CONSTRAINT "storage_checks_storage_fk" FOREIGN KEY ("storage_id") REFERENCES "public"."storages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_checks_storage_idx" ON "storage_checks" USING btree ("storage_id","checked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "storage_checks_checked_idx" ON "storage_checks" USING btree ("checked_at");--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('storage_checks');
