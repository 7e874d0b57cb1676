import { describe, expect, it } from 'vitest';
import { createTenantWithUser, type TestApp, useOpened } from '../../../../test/app.js';
import { usePostgresDatabase } from '../../../../test/database.js';
import { startSalesforceStandIn } from '../../../../test/salesforce-stand-in.js';
import { openPostgres } from '../../../db/postgres.js';
import { checkNow, connect, openHealthApp, tokensOf } from './health.test-helpers.js';

/**
 * Concurrent checks of one connection whose access token expired share one refresh: with rotation a
 * second refresh would void the first one's refresh token.
 */
describe('concurrent checks of one connection', () => {
  const sf = useOpened(() => startSalesforceStandIn());

  async function concurrentChecks(apps: TestApp[], count: number) {
    const [first] = apps as [TestApp];
    const u = await createTenantWithUser(first, { services: ['devOps'] });
    const id = await connect(first, sf, u, 'busy');
    await first.app.services.connectionHealth.runDue();
    const before = await tokensOf(first, u.tenantId, id);

    sf.clock.advance({ hours: 3 });
    sf.resetCalls();
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) => checkNow(apps[i % apps.length]!, u, id)),
    );
    expect(sf.calls.token).toBe(1);
    expect(sf.calls.refreshGrant).toBe(1);
    for (const answer of answers) expect(answer.health?.status).toBe('Healthy');
    const after = await tokensOf(first, u.tenantId, id);
    expect(after.row.tokenVersion).toBe(before.row.tokenVersion + 1);
    expect(sf.isActive(after.refreshToken)).toBe(true);
    expect(after.row.renewalLeaseUntil).toBeNull();
  }

  it('in one process', async () => {
    const app = await openHealthApp(sf);
    try {
      // Fewer on the embedded database, which runs every query on this one thread.
      await concurrentChecks([app], app.database.kind === 'pglite' ? 8 : 20);
    } finally {
      await app.close();
    }
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    const created = usePostgresDatabase();

    it('across two processes on one PostgreSQL database', async () => {
      // Two pools, as two processes have: the lease in the row is all they share.
      const pools = [openPostgres(created.url, { max: 4 }), openPostgres(created.url, { max: 4 })];
      const apps: TestApp[] = [];
      try {
        for (const pool of pools) apps.push(await openHealthApp(sf, { database: pool.database }));
        await concurrentChecks(apps, 20);
      } finally {
        for (const app of apps) await app.close();
        for (const pool of pools) await pool.database.close();
      }
    });
  });
});
