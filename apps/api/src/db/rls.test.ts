import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWithTenants } from '../../test/database.js';
import type { Database } from './client.js';
import { auditEvents, sessions, tenants, users } from './schema/index.js';

/**
 * Row-level security on its own: these queries deliberately carry no tenant filter, as a buggy
 * repository might, and still see only the transaction's tenant.
 */
describe('row-level security', () => {
  let database: Database;
  const a = randomUUID();
  const b = randomUUID();

  beforeAll(async () => {
    const named = [
      [a, 'tenant-a'],
      [b, 'tenant-b'],
    ] as const;
    database = await openWithTenants(named, async (tx, tenantId, name) => {
      await tx
        .insert(users)
        .values({ tenantId, email: `admin@${name}.example.com`, firstName: 'A', lastName: 'B' });
      await tx.insert(auditEvents).values({ tenantId, action: 'create', targetType: 'user' });
    });
  });
  afterAll(() => database.close());

  it('shows a tenant transaction only its own rows, without any filter in the query', async () => {
    const rows = await database.tenant(a, (tx) => tx.select().from(users));
    expect(rows.map((r) => r.tenantId)).toEqual([a]);
    const tenantRows = await database.tenant(a, (tx) => tx.select().from(tenants));
    expect(tenantRows.map((r) => r.id)).toEqual([a]);
    const audit = await database.tenant(b, (tx) => tx.select().from(auditEvents));
    expect(audit.map((r) => r.tenantId)).toEqual([b]);
  });

  it('runs tenant transactions as the non-superuser application role', async () => {
    const result = await database.tenant(a, (tx) =>
      tx.execute(
        sql`select current_user as role, (select rolbypassrls or rolsuper from pg_roles where rolname = current_user) as bypass`,
      ),
    );
    const [row] = (result as unknown as { rows: { role: string; bypass: boolean }[] }).rows;
    expect(row).toEqual({ role: 'skyvault_app', bypass: false });
  });

  it('refuses to write a row into another tenant', async () => {
    await expect(
      database.tenant(a, (tx) =>
        tx.insert(users).values({ tenantId: b, email: 'x@example.com', firstName: 'X', lastName: 'Y' }),
      ),
    ).rejects.toSatisfy((error: Error & { cause?: Error }) =>
      /row-level security/i.test(`${error.message} ${error.cause?.message ?? ''}`),
    );
  });

  it('cannot update or delete another tenant’s rows', async () => {
    const updated = await database.tenant(a, (tx) =>
      tx.update(users).set({ firstName: 'Hacked' }).where(sql`true`).returning({ tenantId: users.tenantId }),
    );
    expect(updated.map((r) => r.tenantId)).toEqual([a]);
    await database.tenant(a, (tx) => tx.delete(sessions).where(sql`true`));
    const bUsers = await database.tenant(b, (tx) => tx.select().from(users));
    expect(bUsers[0]!.firstName).toBe('A');
  });

  it('shows nothing to a transaction with an unknown tenant', async () => {
    const rows = await database.tenant(randomUUID(), (tx) => tx.select().from(users));
    expect(rows).toEqual([]);
  });

  it('leaves the owner connection (pre-tenant look-ups) unrestricted', async () => {
    const rows = await database.system((tx) => tx.select().from(users));
    expect(new Set(rows.map((r) => r.tenantId))).toEqual(new Set([a, b]));
  });
});
