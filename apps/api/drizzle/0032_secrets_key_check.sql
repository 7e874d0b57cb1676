-- The key check (platform/secrets/key-check.ts): one row holding a known text sealed with the key that
-- seals this database's secrets, and that key's fingerprint (the first 8 hex digits of its SHA-256, never
-- the key). `migrate` writes it, `secrets reencrypt` seals it anew; a start reads it to refuse a wrong
-- SECRETS_KEY in one line. Nothing of a tenant: requests (skyvault_app) have no business with it.
CREATE TABLE IF NOT EXISTS "secrets_key_check" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"key_fingerprint" text NOT NULL,
	"sealed" text NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
REVOKE ALL ON "secrets_key_check" FROM skyvault_app;
