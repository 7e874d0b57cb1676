-- Approvals (modules/approvals, docs/administration.md "Approvals (four-eyes)"): which changes a tenant
-- wants a second administrator to approve, and the requests for them. Expand only: two new tables; a
-- tenant without a policy row needs no approval, so the previous release, which knows nothing of them,
-- behaves exactly as before beside this one.
CREATE TABLE "approval_policies" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"actions" text[] DEFAULT '{}'::text[] NOT NULL,
	"validity_hours" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_policies_validity_check" CHECK ("validity_hours" BETWEEN 1 AND 168)
);
--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('approval_policies');--> statement-breakpoint
-- One request: the change as the direct call would have made it (payload: its path parameters and
-- validated body), who asked and why, and each step of its life. The status moves only by
-- `UPDATE … WHERE status = <expected>`, so that two approvers or two processes cannot both carry it out.
CREATE TABLE "approval_requests" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"target_name" text,
	"payload" jsonb NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	-- The requester's address and browser when they asked: the change is made as theirs.
	"requested_from" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"comment" text,
	"executed_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_requests_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "approval_requests_status_check" CHECK ("status" IN ('pending', 'approved', 'executed', 'denied', 'cancelled', 'expired', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The inbox: a tenant's requests by status, newest first.
CREATE INDEX "approval_requests_tenant_status_idx" ON "approval_requests" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
-- "Mine": a requester's own.
CREATE INDEX "approval_requests_tenant_requester_idx" ON "approval_requests" USING btree ("tenant_id","requested_by","created_at");--> statement-breakpoint
-- Housekeeping's look-up of pending requests past their validity, across tenants.
CREATE INDEX "approval_requests_pending_expiry_idx" ON "approval_requests" USING btree ("expires_at") WHERE "status" = 'pending';--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('approval_requests');
