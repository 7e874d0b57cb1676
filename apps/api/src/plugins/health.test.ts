import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { migrate } from '../db/migrate.js';
import { openPglite } from '../db/pglite.js';
import { healthPlugin } from './health.js';

describe('liveness and readiness', () => {
  let t: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (line) => logs.push(String(line)));
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(() => t.close());

  it('answers both while the database is reachable and migrated, without access log lines', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
    // Probes come every few seconds: they are logged only when something goes wrong.
    expect(logs.join('')).not.toMatch(/"url":"\/(healthz|readyz)"/);
    // Outside /api: no session cookie is read, and no same-origin rule applies to them.
    expect(live.headers['cache-control']).toBeUndefined();
  });

  it('answers readiness 503 while the database is unreachable, and liveness still 200', async () => {
    const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const ping = vi.spyOn(t.database, 'ping').mockRejectedValue(unreachable);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', reason: 'database unreachable' });
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    ping.mockRestore();
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('readiness before the migrations', () => {
  // It migrates a fresh embedded database from the first migration: slow on a loaded machine.
  it('answers 503 until the database carries every migration of this build', async () => {
    const { database } = await openPglite({});
    const app = Fastify({ logger: false });
    await app.register(healthPlugin, { database });
    try {
      const before = await app.inject({ method: 'GET', url: '/readyz' });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({ status: 'unavailable', reason: 'migrations pending' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

      await migrate(database);
      const after = await app.inject({ method: 'GET', url: '/readyz' });
      expect(after.statusCode).toBe(200);

      // A database handle that has gone away.
      await database.close();
      const closed = await app.inject({ method: 'GET', url: '/readyz' });
      expect(closed.statusCode).toBe(503);
      expect(closed.json()).toEqual({ status: 'unavailable', reason: 'database unreachable' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);
});
