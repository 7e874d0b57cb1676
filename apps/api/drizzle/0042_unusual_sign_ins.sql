-- Unusual sign-in alerts (modules/sign-in-alerts, docs/login.md "Unusual sign-ins"). Expand only: the
-- release before this one neither reads nor writes what is added here, and signs in as before.
-- The tenant's choices, on its authentication policy: mail the user of a sign-in from a new browser or
-- an unusual network (on), also mail the Security administrators when it was an administrator's (off),
-- and ask for a fresh second factor at such a sign-in (off).
ALTER TABLE "tenants" ADD COLUMN "notify_unusual_sign_ins" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "notify_security_admins" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "unusual_sign_in_second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The tenant's usual networks: each /24 (IPv4) or /48 (IPv6) its users signed in from, with the last
-- time. A sign-in reads one row by its key and writes it at most once an hour; no scan of the audit trail.
CREATE TABLE "sign_in_networks" (
	"tenant_id" uuid NOT NULL,
	"network" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_networks_pk" PRIMARY KEY("tenant_id","network")
);
--> statement-breakpoint
ALTER TABLE "sign_in_networks" ADD CONSTRAINT "sign_in_networks_tenant_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('sign_in_networks');--> statement-breakpoint
-- The users who signed in before (one row each, written at their first sign-in): a user's very first
-- sign-in has nothing to compare with, so it is not unusual; every later one is judged.
CREATE TABLE "signed_in_users" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"first_signed_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signed_in_users_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "signed_in_users" ADD CONSTRAINT "signed_in_users_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT skyvault_enable_tenant_rls('signed_in_users');--> statement-breakpoint
-- The session an end-session link (purpose 'end-session') ends; NULL for every other purpose.
ALTER TABLE "one_time_tokens" ADD COLUMN "session_id" uuid;
