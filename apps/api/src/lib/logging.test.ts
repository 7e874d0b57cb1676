import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.js';
import type { Database } from '../db/client.js';
import { errorLine, logSerializers, safeUrl } from './logging.js';

describe('safeUrl', () => {
  it('keeps one-time codes and tokens out of log lines', () => {
    expect(safeUrl('/api/v1/auth/change-password/abc123')).toBe('/api/v1/auth/change-password/[redacted]');
    expect(safeUrl('/auth/change-password?code=abc&redirectTo=%2Fusers')).toBe(
      '/auth/change-password?code=%5Bredacted%5D&redirectTo=%2Fusers',
    );
    expect(safeUrl('/api/v1/users?limit=10')).toBe('/api/v1/users?limit=10');
    // A support session's one-time sign-in link (modules/support-access).
    expect(safeUrl('/api/v1/support-sessions/start?link=abc')).toBe(
      '/api/v1/support-sessions/start?link=%5Bredacted%5D',
    );
  });
});

describe('a failed statement in the log', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  // The ORM's error says "Failed query: … params: <the values>", and the database's own message
  // quotes the value it could not read.
  const secret = 'Secret-looking-value-4c2e9a';
  const failure = () =>
    database.db.execute(sql`select ${secret}::int`).then(
      () => expect.unreachable('the statement should fail'),
      (error: unknown) => error,
    );

  it('keeps the statement and the database code, never a bound value', async () => {
    const error = await failure();
    expect(String((error as Error).message)).toContain(secret);
    let text = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        text += chunk;
        done();
      },
    });
    pino({ serializers: logSerializers }, stream).error({ err: error }, 'request failed');
    const line = JSON.parse(text) as { err: { message: string; database: { code: string } } };
    expect(line.err.message).toBe('Failed query: select $1::int');
    expect(line.err.database.code).toBe('22P02');
    expect(text).not.toContain(secret);
  });

  it('keeps them out of the one line a start stops with', async () => {
    const line = errorLine(await failure());
    expect(line).toBe('Failed query: select $1::int (22P02)');
    expect(errorLine(new Error('plain'))).toBe('plain');
  });
});
