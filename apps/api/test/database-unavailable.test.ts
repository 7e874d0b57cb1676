import net from 'node:net';
import { ERROR_MESSAGES } from '@skyvault/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { openPostgres } from '../src/db/postgres.js';
import { call, createTenantWithUser, createTestApp, type TestApp, testConfig } from './app.js';
import { usePostgresDatabase } from './database.js';

const expectUnavailable = (res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toMatchObject({
    statusCode: 503,
    code: 'DATABASE_UNAVAILABLE',
    message: ERROR_MESSAGES.DATABASE_UNAVAILABLE,
    retryAfter: 5,
  });
  expect(JSON.stringify(res.json())).not.toMatch(/stack|select|Connection terminated|ECONN/i);
};

describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database closed under the app', () => {
  it('answers 503 DATABASE_UNAVAILABLE with Retry-After, never 500', async () => {
    const t = await createTestApp();
    try {
      const admin = await createTenantWithUser(t);
      expect((await call(t, { method: 'GET', url: '/api/v1/groups', cookie: admin.cookie })).statusCode).toBe(
        200,
      );
      await t.database.close();
      expectUnavailable(await call(t, { method: 'GET', url: '/api/v1/groups', cookie: admin.cookie }));
      expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);
      // The authorization server too: its token endpoint says "try again", in OAuth's own words.
      const token = await t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials&client_id=some-app&client_secret=some-secret',
      });
      expect(token.statusCode).toBe(503);
      expect(token.headers['retry-after']).toBe('5');
      expect(token.json()).toEqual({
        error: 'temporarily_unavailable',
        error_description: ERROR_MESSAGES.DATABASE_UNAVAILABLE,
      });
    } finally {
      await t.close();
    }
  });
});

/**
 * A TCP proxy in front of PostgreSQL that plays an outage: `stop` cuts every connection and refuses
 * new ones (as a database that went down), `start` lets them through again on the same port.
 */
async function outageProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
    );
  const port = await listen(0);
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
    start: () => listen(port),
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL going away and coming back', () => {
  const created = usePostgresDatabase();

  it('answers 503 DATABASE_UNAVAILABLE with Retry-After while it is down, then 2xx again without restart', async () => {
    const target = new URL(created.url);
    const proxy = await outageProxy(target);
    const through = new URL(created.url);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    const { database, pool } = openPostgres(through.toString(), { max: 4 });
    const config = testConfig();
    const app = await buildApp(config, { database, logger: false });
    const t: TestApp = { app, database, config, close: () => app.close() };
    try {
      const admin = await createTenantWithUser(t);
      const list = () => call(t, { method: 'GET', url: '/api/v1/groups', cookie: admin.cookie });
      expect((await list()).statusCode).toBe(200);

      // Down: the pool's connections cut under it, and no new one accepted.
      await proxy.stop();
      expectUnavailable(await list());
      expectUnavailable(await list());
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(503);

      // Back: the same pool connects again by itself.
      await proxy.start();
      expect((await list()).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

      // Its server ends the pool's connections (an administrator, a restart, a failover), one of them
      // taken out of the pool by a transaction between two statements: that transaction fails, the
      // process lives on (an 'error' event nobody hears would end it), and the next calls reconnect.
      const held = database
        .system(async (tx) => {
          await tx.execute(sql`select 1`);
          await new Promise((resolve) => setTimeout(resolve, 400));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          () => 'failed',
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const admin2 = openPostgres(process.env.TEST_DATABASE_URL!, { max: 1 });
      try {
        await admin2.pool.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [target.pathname.slice(1)],
        );
      } finally {
        await admin2.database.close();
      }
      expect(await held).toBe('failed');
      const afterTermination = await list();
      expect([200, 503]).toContain(afterTermination.statusCode);
      if (afterTermination.statusCode === 503) expectUnavailable(afterTermination);
      expect((await list()).statusCode).toBe(200);
      expect(pool.totalCount).toBeGreaterThan(0);
      // Every client is back in the pool: none kept out by a BEGIN that failed on an ended connection
      // (the pool would be one smaller for good, and closing it would wait forever). A background job
      // may hold one for a moment: back within a few seconds is the mark.
      await vi.waitFor(() => expect(pool.totalCount).toBe(pool.idleCount), { timeout: 5_000, interval: 50 });
    } finally {
      await app.close();
      await proxy.stop();
    }
  }, 60_000);
});
