import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.js';
import type { Database } from '../../db/client.js';
import { tenants, users } from '../../db/schema/index.js';
import { listUsers } from './users-list.repository.js';

/** The users list's total without a search comes from the trigger-kept counter: it must stay exact. */
describe('user counts', () => {
  let database: Database;
  const tenantId = randomUUID();
  const total = () =>
    database.tenant(tenantId, (tx) => listUsers(tenantId, tx, { limit: 10, offset: 0 })).then((r) => r.count);

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.tenant(tenantId, (tx) => tx.insert(tenants).values({ id: tenantId, name: 'counted' }));
  });
  afterAll(() => database.close());

  it('follows inserts and deletes, in the tenant role under row-level security', async () => {
    expect(await total()).toBe(0);
    await database.tenant(tenantId, (tx) =>
      tx.insert(users).values(
        Array.from({ length: 25 }, (_, i) => ({
          tenantId,
          email: `u${i}@count.test`,
          firstName: 'U',
          lastName: `${i}`,
        })),
      ),
    );
    expect(await total()).toBe(25);
    await database.tenant(tenantId, (tx) =>
      tx.delete(users).where(and(eq(users.tenantId, tenantId), sql`${users.email} like 'u1%'`)),
    );
    expect(await total()).toBe(14);
    const counted = await database.tenant(tenantId, (tx) =>
      listUsers(tenantId, tx, { limit: 10, offset: 0, searchText: 'count.test' }),
    );
    expect(counted.count).toBe(14);
  });
});
