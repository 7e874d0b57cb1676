-- A SCIM token changes only the users SCIM manages (docs/scim.md): those it created, or that an
-- administrator put under it; never an administrator. Before this column it could change anyone,
-- administrators included, and take over an account through its address.
ALTER TABLE "users" ADD COLUMN "scim_managed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Entra ID sends a userName (a UPN) and a work e-mail that may differ; the work e-mail is kept here so
-- that its later change never changes the userName the client finds the user by.
ALTER TABLE "users" ADD COLUMN "scim_work_email" text;--> statement-breakpoint
CREATE INDEX "users_tenant_scim_work_email_idx" ON "users" USING btree ("tenant_id",lower("scim_work_email")) WHERE "users"."scim_work_email" IS NOT NULL;--> statement-breakpoint
-- Users SCIM created before this column: only SCIM ever set an externalId, and the audit trail names
-- the creator of the others. A user's 'create' event whose actor is an API token of the scim scope
-- (the token's own 'create' event keeps its scope, so a token revoked since still counts). Whoever
-- created them, administrators stay out of SCIM's reach: the service refuses them whatever this says.
UPDATE "users" AS u
  SET "scim_managed" = true
  WHERE u."external_id" IS NOT NULL
    OR EXISTS (
      SELECT 1
        FROM "audit_events" created
        JOIN "audit_events" token
          ON token.tenant_id = created.tenant_id
          AND token.target_type = 'api-token'
          AND token.action = 'create'
          AND token.target_id = created.actor_id::text
          AND token.changes->'scope'->>'after' = 'scim'
        WHERE created.tenant_id = u.tenant_id
          AND created.target_type = 'user'
          AND created.action = 'create'
          AND created.target_id = u.id::text
    );
