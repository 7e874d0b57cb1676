-- New audit events get ids that rise with time (the layout of a version 7 uuid: 48 bits of Unix
-- milliseconds, then random bits). The trail's primary key is (tenant_id, id); with random ids every
-- event's entry went to a page of its own in an index of millions, read from disk while the tenant's
-- chain was held (bench/README.md "Platform scale": sign-ins and SCIM creates take turns through the
-- chain). Ids that rise put a tenant's new entries on the same few pages. Ids stay opaque: nothing
-- orders or filters by them, and the events already written keep theirs. Expand only: the previous
-- release leaves the id to the default as well.
CREATE OR REPLACE FUNCTION skyvault_uuid_v7() RETURNS uuid
  LANGUAGE sql VOLATILE PARALLEL SAFE
  SET search_path = pg_catalog, public
  AS $$
    -- A random (version 4) uuid, its first 6 bytes the time in ms, its version nibble made 7.
    SELECT encode(
      set_bit(set_bit(
        overlay(uuid_send(gen_random_uuid())
          PLACING substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
          FROM 1 FOR 6),
        52, 1), 53, 1),
      'hex')::uuid
  $$;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "id" SET DEFAULT skyvault_uuid_v7();
