import { ERROR_MESSAGES } from '@skyvault/contract';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { openPostgres } from '../src/db/postgres.js';
import { call, createTenantWithUser, type TestApp, testConfig } from './app.js';
import { usePostgresDatabase } from './database.js';

describe.runIf(process.env.TEST_DATABASE_URL)('a table locked by another transaction (a migration)', () => {
  const created = usePostgresDatabase();

  it('answers 503 DATABASE_BUSY with Retry-After once lock_timeout passes, never 500; then 200 again', async () => {
    const name = new URL(created.url).pathname.slice(1);
    // A database whose sessions wait for a lock at most 200 ms, as an operator may set it.
    const owner = new pg.Client({ connectionString: created.url });
    await owner.connect();
    await owner.query(`ALTER DATABASE "${name}" SET lock_timeout = '200ms'`);
    const { database } = openPostgres(created.url, { max: 4 });
    const config = testConfig();
    const app = await buildApp(config, { database, logger: false });
    const t: TestApp = { app, database, config, close: () => app.close() };
    try {
      const admin = await createTenantWithUser(t);
      const list = () => call(t, { method: 'GET', url: '/api/v1/groups', cookie: admin.cookie });
      expect((await list()).statusCode).toBe(200);

      // What an ALTER TABLE takes: no request may read the table until it commits.
      await owner.query('BEGIN');
      await owner.query('LOCK TABLE groups IN ACCESS EXCLUSIVE MODE');
      const res = await list();
      await owner.query('COMMIT');
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toMatchObject({
        statusCode: 503,
        code: 'DATABASE_BUSY',
        message: ERROR_MESSAGES.DATABASE_BUSY,
        retryAfter: 1,
      });

      expect((await list()).statusCode).toBe(200);

      // The authorization server too, in OAuth's own words: its client look-up meets the lock.
      await owner.query('BEGIN');
      await owner.query('LOCK TABLE applications IN ACCESS EXCLUSIVE MODE');
      const token = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=authorization_code&code=x&client_id=some-app&client_secret=some-secret',
      });
      await owner.query('COMMIT');
      expect(token.statusCode).toBe(503);
      expect(token.headers['retry-after']).toBe('1');
      expect(token.json()).toEqual({
        error: 'temporarily_unavailable',
        error_description: ERROR_MESSAGES.DATABASE_BUSY,
      });
    } finally {
      await app.close();
      await owner.end();
    }
  }, 60_000);
});
