import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { openPglite } from './pglite.js';
import { sessions } from './schema/index.js';

/**
 * The embedded client carries drizzle's type parsers itself (db/pglite.ts), so that queries need not
 * send them: dates must still reach drizzle as text, in and out of transactions, and map to Dates.
 */
describe('embedded PGlite client', () => {
  let database: Database;
  let client: PGlite;
  const at = '2026-01-02 03:04:05+00';

  beforeAll(async () => {
    ({ database, client } = await openPglite({}));
  });
  afterAll(() => database.close());

  it('answers dates as text, as drizzle expects, even when a query brings no parsers', async () => {
    const raw = await client.query<{ at: unknown }>(`select '${at}'::timestamptz as at`);
    expect(typeof raw.rows[0]!.at).toBe('string');
    const [executed] = (
      (await database.system((tx) => tx.execute(sql`select ${at}::timestamptz as at`))) as unknown as {
        rows: { at: unknown }[];
      }
    ).rows;
    expect(typeof executed!.at).toBe('string');
  });

  it('maps them to Dates through drizzle, in a transaction and outside', async () => {
    const select = (db: Database['db']) =>
      db.select({ at: sql`${at}::timestamptz`.mapWith(sessions.expiresAt) }).from(sql`(select 1) as one`);
    const [outside] = await select(database.db);
    const [inside] = await database.system((tx) => select(tx as unknown as Database['db']));
    for (const row of [outside, inside]) {
      expect(row!.at).toBeInstanceOf(Date);
      expect(row!.at.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    }
  });

  it("keeps a query's own parsers when they are not drizzle's", async () => {
    const { rows } = await client.query<[number]>('select 1 + 1', [], {
      rowMode: 'array',
      parsers: { 23: (value: string) => Number(value) * 10 },
    });
    expect(rows[0]![0]).toBe(20);
  });
});

/**
 * A server's embedded database on disk: made by a process of its own (initdb's memory stays out of the
 * server's), opened with the shared buffers its memory budget affords (db/pglite.ts).
 */
describe('embedded PGlite data dir', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'skyvault-pglite-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is made on first open and keeps its data for the next, with 16 MB of shared buffers', async () => {
    const dataDir = path.join(root, 'pg');
    const first = await openPglite({ dataDir });
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    await first.client.exec('create table kept (n int); insert into kept values (7)');
    await first.database.close();

    const again = await openPglite({ dataDir });
    try {
      expect((await again.client.query('select n from kept')).rows).toEqual([{ n: 7 }]);
      expect((await again.client.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await again.database.close();
    }
  });

  it('says where it could not be made', async () => {
    const file = path.join(root, 'a-file');
    writeFileSync(file, 'not a directory');
    await expect(openPglite({ dataDir: path.join(file, 'pg') })).rejects.toThrow(
      `The embedded database could not be made in ${path.join(file, 'pg')}`,
    );
  });
});
