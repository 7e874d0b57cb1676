import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/client.js';
import { hasAllMigrations, migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';
import { verifyChain } from '../../src/modules/audit/index.js';
import { ELSEWHERE, OFFICE } from '../../src/modules/ip-ranges/ip-ranges.test-helpers.js';
import { recordAudit } from '../../src/platform/audit/audit.service.js';
import { checkSecretsKeys } from '../../src/platform/secrets/key-check.js';
import { sealedAt } from '../../src/platform/secrets/sealed-at.js';
import { createSecretBox, openSecretBox, type SealedAt } from '../../src/platform/secrets/secrets.js';
import { migrateSecrets } from '../../src/platform/secrets/secrets-step.js';
import { call, signIn, type TestApp, testConfig } from '../app.js';
import { adminUrl } from '../db-names.js';
import { committedFixtures, FIXTURE_SECRETS_KEY, type FixtureTenant } from './fixture.js';

/**
 * The dump loaded into an empty database of its own (not the migrated template): PGlite in memory, or
 * a new PostgreSQL database on TEST_DATABASE_URL's server, dropped on close.
 */
async function loadDump(dump: string): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const { database, client } = await openPglite({});
    await client.exec(dump);
    return database;
  }
  const name = `skyvault_upgrade_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(adminUrl(url), { max: 1 });
  await admin.pool.query(`CREATE DATABASE "${name}"`);
  const { database, pool } = openPostgres(adminUrl(url, name), { max: 4 });
  await pool.query(dump);
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.pool.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.database.close();
    },
  };
}

/** An answer with every `lastSignInAt` left out, at any depth. */
function withoutSignInTimes(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutSignInTimes);
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => key !== 'lastSignInAt')
      .map(([key, value]) => [key, withoutSignInTimes(value)]),
  );
}

/** The sealed columns the fixtures hold, and where each value was sealed. */
const SEALED_AT: Record<string, (tenantId: string, id: string) => SealedAt> = {
  'storages.credentials': sealedAt.storageCredentials,
  'connections.refresh_token': sealedAt.connectionRefreshToken,
  'connections.encryption_key': sealedAt.connectionEncryptionKey,
  'applications.client_secret': sealedAt.applicationClientSecret,
  'identity_providers.client_secret': sealedAt.identityProviderClientSecret,
  'mfa_devices.secret': sealedAt.mfaDeviceSecret,
};

for (const { name, sql: dump, fixture } of committedFixtures()) {
  describe(`a database of release migration ${name}, upgraded to this build`, () => {
    let t: TestApp;
    const cookies = new Map<string, string>();

    beforeAll(async () => {
      const database = await loadDump(dump);
      await migrate(database);
      const config = testConfig({ SECRETS_KEY: FIXTURE_SECRETS_KEY });
      // `migrate`'s secrets step, as node dist/migrate.js runs it after the schema.
      await migrateSecrets(database, openSecretBox(config), { info: () => {}, warn: () => {} });
      const app = await buildApp(config, { database, logger: false });
      await app.ready();
      t = { app, database, config, close: () => app.close() };
      for (const tenant of fixture.tenants) {
        cookies.set(tenant.adminId, await signIn(t, tenant.tenantId, tenant.adminId));
        cookies.set(tenant.memberId, await signIn(t, tenant.tenantId, tenant.memberId));
      }
    });
    afterAll(async () => {
      await t?.close();
    });

    const get = (tenant: FixtureTenant, as: 'admin' | 'member', url: string, from = OFFICE) =>
      call(t, {
        method: 'GET',
        url,
        cookie: cookies.get(as === 'admin' ? tenant.adminId : tenant.memberId),
        remoteAddress: from,
      });

    it('has every migration of this build applied', async () => {
      expect(await hasAllMigrations(t.database)).toBe(true);
      // 0013's table: a journal time older than 0011's once kept it from databases at 0012.
      const [row] = await t.database.db
        .select({ table: sql<string | null>`to_regclass('public.outbox_messages')::text` })
        .from(sql`(values (1)) as one (x)`);
      expect(row?.table).toBe('outbox_messages');
      // Indexes built concurrently (0045) outside a transaction: each one finished and valid.
      const invalid = await t.database.db
        .select({ index: sql<string>`indexrelid::regclass::text` })
        .from(sql`pg_index`)
        .where(sql`not indisvalid`);
      expect(invalid).toEqual([]);
      const [open] = await t.database.db
        .select({ index: sql<string | null>`to_regclass('public.webhook_deliveries_open_idx')::text` })
        .from(sql`(values (1)) as one (x)`);
      expect(open?.index).toBe('webhook_deliveries_open_idx');
    });

    it('answers every list and details page as the release did', async () => {
      for (const tenant of fixture.tenants) {
        for (const read of tenant.reads) {
          const res = await get(tenant, read.as, read.path);
          expect(res.statusCode, `${tenant.name}: GET ${read.path}`).toBe(200);
          // New fields may appear; none that the release answered may change or go (but the time of
          // the last sign-in, which this test's own sign-ins move).
          expect(res.json(), `${tenant.name}: GET ${read.path}`).toMatchObject(
            withoutSignInTimes(read.body) as object,
          );
        }
      }
    });

    it('records the key its secrets are sealed with, and refuses another', async () => {
      expect(await checkSecretsKeys(t.database, t.app.services.secrets)).toEqual({ verdict: 'opens' });
      expect(await checkSecretsKeys(t.database, createSecretBox(randomBytes(32)))).toMatchObject({
        verdict: 'wrong',
      });
    });

    it('opens every sealed value with the same key', async () => {
      for (const tenant of fixture.tenants) {
        // A fixture without sealed values would prove nothing here.
        expect(tenant.sealed.length, tenant.tenantId).toBeGreaterThan(0);
        for (const sealed of tenant.sealed) {
          const at = SEALED_AT[`${sealed.table}.${sealed.column}`];
          expect(at, `${sealed.table}.${sealed.column}`).toBeDefined();
          const result = await t.database.tenant(tenant.tenantId, (tx) =>
            tx.execute<Record<string, string>>(
              sql`select ${sql.identifier(sealed.column)} as value from ${sql.identifier(sealed.table)} where id = ${sealed.id}`,
            ),
          );
          const stored = (result as unknown as { rows: { value: string }[] }).rows[0]?.value;
          expect(stored, `${sealed.table}.${sealed.column} of ${sealed.id}`).toBeTruthy();
          const opened = t.app.services.secrets.open(at!(tenant.tenantId, sealed.id), stored!);
          expect(opened).toContain(sealed.plain);
        }
      }
    });

    it("chains each tenant's earlier audit events, and goes on from them", async () => {
      for (const tenant of fixture.tenants) {
        const before = await verifyChain(t.database, tenant.tenantId);
        expect(before, tenant.name).toMatchObject({ ok: true });
        expect(before.events, tenant.name).toBeGreaterThan(0);
        await t.database.tenant(tenant.tenantId, (tx) =>
          recordAudit(tx, null, {
            tenantId: tenant.tenantId,
            actorId: tenant.adminId,
            action: 'update',
            targetType: 'tenant',
            targetId: 'after-upgrade',
          }),
        );
        expect(await verifyChain(t.database, tenant.tenantId), tenant.name).toMatchObject({
          ok: true,
          events: before.events + 1,
        });
        const res = await get(tenant, 'admin', '/api/v1/audit-events?limit=200');
        expect(res.statusCode, tenant.name).toBe(200);
        const { events } = res.json();
        expect(events[0], tenant.name).toMatchObject({
          action: 'update',
          resource: { type: 'tenant', id: 'after-upgrade' },
          actor: { id: tenant.adminId },
        });
        expect(events.at(-1).seq, tenant.name).toBe(1);
        // Secrets read as the new events show them.
        expect(JSON.stringify(events)).not.toContain('[redacted]');
        const signIns = await get(tenant, 'admin', `/api/v1/users/${tenant.adminId}/sign-ins`);
        expect(signIns.statusCode, tenant.name).toBe(200);
      }
    });

    it("keeps each tenant's IP ranges enforced", async () => {
      for (const tenant of fixture.tenants) {
        const res = await get(tenant, 'admin', '/api/v1/users', ELSEWHERE);
        if (tenant.hasIpRanges) {
          expect(res.statusCode, tenant.name).toBe(403);
          expect(res.json().code).toBe('IP_NOT_ALLOWED');
        } else {
          expect(res.statusCode, tenant.name).toBe(200);
        }
      }
    });

    it("answers 404 for another tenant's resources", async () => {
      const paths: Record<string, (id: string) => string> = {
        storage: (id) => `/api/v1/storages/${id}`,
        role: (id) => `/api/v1/roles/${id}`,
        group: (id) => `/api/v1/groups/${id}`,
        application: (id) => `/api/v1/applications/${id}`,
        identityProvider: (id) => `/api/v1/identity-providers/${id}`,
        ipRange: (id) => `/api/v1/ip-ranges/${id}`,
      };
      for (const tenant of fixture.tenants) {
        for (const other of fixture.tenants.filter((o) => o !== tenant)) {
          for (const [kind, id] of Object.entries(other.ids)) {
            const path = paths[kind];
            if (!path) continue;
            expect(
              (await get(tenant, 'admin', path(id))).statusCode,
              `${tenant.name} asks ${kind} of ${other.name}`,
            ).toBe(404);
          }
          expect((await get(tenant, 'admin', `/api/v1/users/${other.memberId}`)).statusCode).toBe(404);
          expect((await get(tenant, 'member', `/api/v1/mfa/${other.ids.mfaDevice}`)).statusCode).toBe(404);
        }
      }
    });
  });
}
