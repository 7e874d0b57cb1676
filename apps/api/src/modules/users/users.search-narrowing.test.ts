import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.js';
import type { Database } from '../../db/client.js';
import { tenants, users } from '../../db/schema/index.js';
import { listUsers } from './users-list.repository.js';

/**
 * Searches whose term holds a trigram most users have ask the trigram index with the term's longest
 * uncommon part and check every row against the whole term (migration 0021): the answer must be the
 * one the whole term gives, in the tenant only.
 */
describe('user search narrowing', () => {
  let database: Database;
  const tenantId = randomUUID();
  const otherId = randomUUID();
  const search = (searchText: string, searchBy?: 'user' | 'name' | 'email') =>
    database.tenant(tenantId, (tx) =>
      listUsers(tenantId, tx, { limit: 50, offset: 0, searchText, searchBy }),
    );
  const narrowed = async (pattern: string) => {
    const result = await database.db.execute(sql`select skyvault_search_narrow(${pattern}) as narrow`);
    return (result as unknown as { rows: { narrow: string }[] }).rows[0]?.narrow;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    for (const [id, name] of [
      [tenantId, 'narrowing'],
      [otherId, 'narrowing-other'],
    ] as const) {
      await database.tenant(id, (tx) => tx.insert(tenants).values({ id, name }));
    }
    await database.tenant(tenantId, (tx) =>
      tx.insert(users).values(
        Array.from({ length: 300 }, (_, i) => ({
          tenantId,
          email: `member${i}@narrow.test`,
          firstName: 'Member',
          lastName: `Number${i}`,
        })),
      ),
    );
    await database.tenant(otherId, (tx) =>
      tx
        .insert(users)
        .values({ tenantId: otherId, email: 'member12@other.test', firstName: 'M', lastName: 'N' }),
    );
    // What autovacuum does for a table that changed this much: the statistics name the common trigrams.
    await database.db.execute(sql`analyze users`);
  });
  afterAll(() => database.close());

  it('asks the index with the part of the term that has no common trigram', async () => {
    const narrow = await narrowed('%member12%');
    expect(narrow).not.toBe('%member12%');
    expect('member12').toContain(narrow?.slice(1, -1));
    expect(narrow).not.toContain('mem');
    // Patterns it cannot narrow are asked as they are: wildcards or escapes inside, short terms.
    expect(await narrowed('%mem\\_ber12%')).toBe('%mem\\_ber12%');
    expect(await narrowed('%abc%')).toBe('%abc%');
  });

  it('finds exactly what the whole term finds, in the tenant only', async () => {
    const found = await search('member12');
    expect(found.count).toBe(11);
    expect(found.rows.map((u) => u.email).sort()).toEqual(
      ['member12', ...Array.from({ length: 10 }, (_, i) => `member12${i}`)]
        .map((m) => `${m}@narrow.test`)
        .sort(),
    );
    expect((await search('MEMBER299@')).rows.map((u) => u.email)).toEqual(['member299@narrow.test']);
    expect((await search('number12', 'name')).count).toBe(11);
    expect((await search('number12', 'email')).count).toBe(0);
    expect((await search('member12@other')).count).toBe(0);
    // The ids alone (the other lists' user filter) are the same search.
    const ids = await database.tenant(tenantId, (tx) =>
      tx.execute(sql`select count(*)::int as n from skyvault_search_users('%member12%', 'user')`),
    );
    expect((ids as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(11);
  });
});
