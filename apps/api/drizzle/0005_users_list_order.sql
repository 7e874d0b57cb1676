DROP INDEX "users_tenant_updated_idx";--> statement-breakpoint
CREATE INDEX "users_tenant_updated_idx" ON "users" USING btree ("tenant_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);