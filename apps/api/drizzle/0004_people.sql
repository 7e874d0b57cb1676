CREATE TABLE "groups" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"role_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "role_connection_permissions" (
	"tenant_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"service" text NOT NULL,
	"connection_id" uuid NOT NULL,
	"backup_and_archive" boolean DEFAULT false NOT NULL,
	"restore" boolean DEFAULT false NOT NULL,
	"export" boolean DEFAULT false NOT NULL,
	"app_settings" boolean DEFAULT false NOT NULL,
	"retrieve" boolean DEFAULT false NOT NULL,
	"validate" boolean DEFAULT false NOT NULL,
	"deploy" boolean DEFAULT false NOT NULL,
	CONSTRAINT "role_connection_permissions_tenant_id_role_id_service_connection_id_pk" PRIMARY KEY("tenant_id","role_id","service","connection_id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"backup_full_access" boolean DEFAULT false NOT NULL,
	"devops_full_access" boolean DEFAULT false NOT NULL,
	"devops_read_access" boolean DEFAULT false NOT NULL,
	"pull_requests" text DEFAULT 'Read' NOT NULL,
	"pipelines" text DEFAULT 'ReadAndExecute' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_tenant_id_role_id_roles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."roles"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_connection_permissions" ADD CONSTRAINT "role_connection_permissions_tenant_id_role_id_roles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."roles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_connection_permissions" ADD CONSTRAINT "role_connection_permissions_tenant_id_connection_id_connections_tenant_id_id_fk" FOREIGN KEY ("tenant_id","connection_id") REFERENCES "public"."connections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "groups_tenant_name_key" ON "groups" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "groups_tenant_role_idx" ON "groups" USING btree ("tenant_id","role_id");--> statement-breakpoint
CREATE INDEX "groups_tenant_created_idx" ON "groups" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "role_connection_permissions_connection_idx" ON "role_connection_permissions" USING btree ("tenant_id","connection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_tenant_name_key" ON "roles" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "roles_tenant_created_idx" ON "roles" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "users_tenant_group_idx" ON "users" USING btree ("tenant_id","group_id");--> statement-breakpoint
-- A user's group lives in the same tenant; deleting the group leaves its users without one.
-- (The column list of SET NULL keeps tenant_id, which is part of the key.)
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_group_fk" FOREIGN KEY ("tenant_id", "group_id")
  REFERENCES "public"."groups"("tenant_id", "id") ON DELETE SET NULL ("group_id");
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('roles');
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('role_connection_permissions');
--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('groups');
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS roles_search_trgm_idx ON roles USING gin (lower(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS groups_search_trgm_idx ON groups USING gin (lower(name) gin_trgm_ops);
