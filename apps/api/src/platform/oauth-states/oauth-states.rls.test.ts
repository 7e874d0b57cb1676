import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWithTenants } from '../../../test/database.js';
import type { Database } from '../../db/client.js';
import { oauthStates } from '../../db/schema/index.js';
import { findStateByHash, insertState } from './oauth-states.repository.js';

const round = (stateHash: string) => ({
  stateHash,
  purpose: 'sso',
  codeVerifier: 'sealed-verifier',
  redirectUri: 'https://console.example.com/api/v1/sso/callback',
  expiresAt: new Date(Date.now() + 60_000),
});

/**
 * OAuth round trips under row-level security: a tenant's transaction sees and touches its own only,
 * even through a query without a tenant filter, while the browser's return (a look-up by the state's
 * hash before any tenant is known) still finds its row.
 */
describe('oauth_states row-level security', () => {
  let database: Database;
  const a = randomUUID();
  const b = randomUUID();

  beforeAll(async () => {
    const named = [
      [a, 'states-a'],
      [b, 'states-b'],
    ] as const;
    database = await openWithTenants(named, (tx, tenantId, name) =>
      insertState(tenantId, tx, round(`hash-${name}`)),
    );
  });
  afterAll(() => database.close());

  it("hides another tenant's round trips from a tenant transaction", async () => {
    const rows = await database.tenant(a, (tx) => tx.select().from(oauthStates));
    expect(rows.map((r) => r.tenantId)).toEqual([a]);
    expect(await database.tenant(a, (tx) => findStateByHash(tx, 'hash-states-b'))).toBeNull();
  });

  it("cannot delete or write another tenant's round trips", async () => {
    await database.tenant(a, (tx) => tx.delete(oauthStates).where(sql`true`));
    expect(await database.system((tx) => findStateByHash(tx, 'hash-states-b'))).toMatchObject({
      tenantId: b,
    });
    await expect(database.tenant(a, (tx) => insertState(b, tx, round('hash-planted')))).rejects.toSatisfy(
      (error: Error & { cause?: Error }) =>
        /row-level security/i.test(`${error.message} ${error.cause?.message ?? ''}`),
    );
  });

  it('still finds a round trip by its hash before the tenant is known', async () => {
    expect(await database.system((tx) => findStateByHash(tx, 'hash-states-b'))).toMatchObject({
      tenantId: b,
    });
  });
});
