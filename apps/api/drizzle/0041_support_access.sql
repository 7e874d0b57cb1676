-- Support access (modules/support-access, docs/administration.md "Support access"): the windows a
-- tenant's Owner grants the platform's support team, and the support sessions opened inside them with
-- the operators' CLI. Expand only: two new tables the previous release never reads.
CREATE TABLE "support_grants" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"granted_by" uuid,
	"granted_by_name" text,
	"write_permissions" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "support_grants_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	-- Never sign-in, credentials, API tokens, administrator roles or support access itself.
	CONSTRAINT "support_grants_write_permissions_check" CHECK ("write_permissions" <@ ARRAY['users:write', 'applications:write', 'webhooks:write', 'connections:write', 'storages:write', 'organization:write']::text[])
);
--> statement-breakpoint
CREATE TABLE "support_sessions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"grant_id" uuid NOT NULL,
	"operator" text NOT NULL,
	"ticket" text NOT NULL,
	"link_hash" text NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "support_sessions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "support_grants" ADD CONSTRAINT "support_grants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_sessions" ADD CONSTRAINT "support_sessions_tenant_id_grant_id_support_grants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","grant_id") REFERENCES "public"."support_grants"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_grants_tenant_created_idx" ON "support_grants" USING btree ("tenant_id","created_at");--> statement-breakpoint
-- The link and the session token find their row before any tenant is known, as a session's token does.
CREATE UNIQUE INDEX "support_sessions_link_hash_key" ON "support_sessions" USING btree ("link_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "support_sessions_token_hash_key" ON "support_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "support_sessions_grant_idx" ON "support_sessions" USING btree ("tenant_id","grant_id");--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('support_grants');--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('support_sessions');--> statement-breakpoint
-- Every call of a support session starts here: the session with its grant and tenant, only while the
-- session is held and its grant is neither revoked nor past its end by the database's clock. Nothing of
-- it is kept between calls, so a revoked or ended grant refuses the next call in every process.
CREATE FUNCTION skyvault_support_session_by_token(p_token_hash text)
RETURNS TABLE (
  id uuid,
  tenant_id uuid,
  grant_id uuid,
  operator text,
  ticket text,
  write_permissions text[],
  expires_at timestamptz,
  tenant_status text,
  services text[],
  ip_ranges json
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT s.id, s.tenant_id, s.grant_id, s.operator, s.ticket, g.write_permissions, g.expires_at,
    t.status, t.services, skyvault_tenant_ip_ranges(s.tenant_id)
  FROM support_sessions s
  JOIN support_grants g ON g.tenant_id = s.tenant_id AND g.id = s.grant_id
  JOIN tenants t ON t.id = s.tenant_id
  WHERE s.token_hash = p_token_hash
    AND s.ended_at IS NULL
    AND g.revoked_at IS NULL
    AND g.expires_at > now()
  LIMIT 1;
END
$$;
