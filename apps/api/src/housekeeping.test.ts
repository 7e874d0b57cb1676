import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../test/app.js';
import { signal } from '../test/signal.js';
import { buildApp } from './app.js';
import { housekeepingRuns, rateLimits } from './db/schema/index.js';
import { sweepOnce } from './db/sweep.js';
import { runHousekeeping } from './housekeeping.js';

const JOBS = [
  'sessions',
  'rate-limits',
  'sign-in-rollups',
  'oauth-states',
  'unverified-sign-ups',
  'oauth-models',
  'outbox',
  'audit-retention',
  'webauthn-challenges',
  'webhook-deliveries',
  'license-reminders',
  'connection-checks',
  'storage-checks',
  'identity-provider-expiry',
];

describe('housekeeping', () => {
  it('does each job once per interval, whoever runs it again finds it done', async () => {
    const t = await createTestApp();
    try {
      const deps = { services: t.app.services, database: t.database, log: t.app.log };
      await t.database.system((tx) =>
        tx.insert(rateLimits).values({ key: 'expired', hits: 1, resetAt: new Date(Date.now() - 1000) }),
      );
      const first = await runHousekeeping(deps);
      expect(Object.keys(first).sort()).toEqual([...JOBS].sort());
      expect(Object.values(first).every(Boolean)).toBe(true);
      expect(
        await t.database.system((tx) => tx.select().from(rateLimits).where(eq(rateLimits.key, 'expired'))),
      ).toEqual([]);
      expect(await t.database.system((tx) => tx.select().from(housekeepingRuns))).toHaveLength(JOBS.length);

      const again = await runHousekeeping(deps);
      expect(Object.values(again).some(Boolean)).toBe(false);
    } finally {
      await t.close();
    }
  });

  // PGlite is one process on one connection: only PostgreSQL has processes to keep apart.
  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL, with several processes', () => {
    it('two app instances sweeping at once: exactly one does each job', async () => {
      const a = await createTestApp();
      // A second instance on the same database, through its own connections; the first one closes it.
      const b = await buildApp(testConfig(), {
        database: { ...a.database, close: async () => {} },
        logger: false,
      });
      try {
        await a.database.system((tx) =>
          tx.insert(rateLimits).values({ key: 'expired', hits: 1, resetAt: new Date(Date.now() - 1000) }),
        );
        const [byA, byB] = await Promise.all([
          runHousekeeping({ services: a.app.services, database: a.database, log: a.app.log }),
          runHousekeeping({ services: b.services, database: a.database, log: b.log }),
        ]);
        for (const job of JOBS) expect([byA[job], byB[job]].filter(Boolean)).toHaveLength(1);
        expect(
          await a.database.system((tx) => tx.select().from(rateLimits).where(eq(rateLimits.key, 'expired'))),
        ).toEqual([]);
      } finally {
        await b.close();
        await a.close();
      }
    });

    it('while one process sweeps, another skips the job instead of waiting', async () => {
      const a = await createTestApp();
      try {
        const released = signal();
        const running = signal();
        const first = sweepOnce(a.database, 'test-job', 60_000, async () => {
          running.fire();
          await released.fired;
          return 'first';
        });
        await running.fired;
        const second = await sweepOnce(a.database, 'test-job', 0, async () => 'second');
        released.fire();
        expect(second).toEqual({ swept: false });
        expect(await first).toEqual({ swept: true, result: 'first' });
      } finally {
        await a.close();
      }
    });
  });
});
