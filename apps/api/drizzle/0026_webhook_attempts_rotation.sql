-- A webhook URL may carry a token in its path or query (Slack, Zapier). Expand step (docs/webhooks.md):
-- this release writes the full URL both into url, as before (the previous release reads it during a
-- rolling upgrade and after a rollback), and sealed into url_sealed (AES-GCM, bound to the row, like
-- the signing secret); it reads either. Existing rows are left as they are (null url_sealed): SQL
-- cannot seal. The next release seals the rest in its migrate step and keeps only the masked form in url.
ALTER TABLE "webhook_endpoints" ADD COLUMN "url_sealed" text;--> statement-breakpoint
-- A rotated signing secret keeps signing beside the new one for 24 hours (Standard Webhooks allows
-- several signatures in one header), so that receivers can switch without losing a delivery.
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
-- Every attempt of a delivery (the delivery row keeps only the last), written in the transaction that
-- settles it, so that an administrator debugging a receiver sees the first attempt's answer too. Its
-- rows go with their delivery (foreign key cascade), so they share the delivery log's retention.
CREATE TABLE "webhook_delivery_attempts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"response_status" integer,
	"error_kind" text,
	"error" text,
	CONSTRAINT "webhook_delivery_attempts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_tenant_id_delivery_id_webhook_deliveries_tenant_id_id_fk" FOREIGN KEY ("tenant_id","delivery_id") REFERENCES "public"."webhook_deliveries"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One row per attempt number: a claim that ran out and was taken again is settled by its new holder only.
CREATE UNIQUE INDEX "webhook_delivery_attempts_delivery_key" ON "webhook_delivery_attempts" USING btree ("tenant_id","delivery_id","attempt");--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('webhook_delivery_attempts');--> statement-breakpoint
-- Deliveries tried before this release keep what their row knew: their last settled attempt. One being
-- sent now is left to the dispatcher that settles it.
INSERT INTO "webhook_delivery_attempts" ("tenant_id", "delivery_id", "attempt", "attempted_at", "duration_ms", "response_status", "error_kind", "error")
SELECT "tenant_id", "id", "attempts", "last_attempt_at", coalesce("duration_ms", 0), "response_status",
	CASE
		WHEN "last_error" = 'The server did not answer in time.' THEN 'timeout'
		WHEN "response_status" IS NULL AND "last_error" IS NOT NULL THEN 'network'
	END,
	"last_error"
FROM "webhook_deliveries"
WHERE "attempts" > 0 AND "last_attempt_at" IS NOT NULL AND "status" <> 'sending';
