-- skyvault: outside a transaction
-- An endpoint's open deliveries in the order they go out (platform/webhook-outbox): the dispatcher reads
-- an endpoint's oldest open delivery, and the run of them it sends under one claim, from this index
-- instead of the endpoint's whole delivery log. Built concurrently (webhook deliveries are written in
-- the transaction of every change, which a plain build would hold up); a build that failed midway left
-- an invalid index of this name, dropped first. Expand only: the previous release never names it.
DROP INDEX CONCURRENTLY IF EXISTS "webhook_deliveries_open_idx";--> statement-breakpoint
CREATE INDEX CONCURRENTLY "webhook_deliveries_open_idx" ON "webhook_deliveries" USING btree ("tenant_id","endpoint_id","created_at","id") WHERE "status" IN ('pending', 'sending');
