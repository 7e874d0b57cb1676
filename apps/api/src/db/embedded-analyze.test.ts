import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql.js';
import type { Database } from './client.js';
import { analyzeChangedTables } from './embedded-analyze.js';
import { openPglite } from './pglite.js';

describe('analyzing the embedded database as autovacuum would', () => {
  let database: Database;
  const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
  /** What the planner believes the table holds. */
  const estimate = async () =>
    rowsOf<{ rows: number }>(
      await run(sql`select reltuples::int as rows from pg_class where relname = 'trail'`),
    )[0]?.rows;
  /** A backend reports its statistics when it goes idle, at most once a second unless told to. */
  const write = async (query: ReturnType<typeof sql>) => {
    await run(query);
    await run(sql`select pg_stat_force_next_flush()`);
    await run(sql`select 1`);
  };

  beforeAll(async () => {
    ({ database } = await openPglite({}));
    await run(sql`create table trail (id int primary key, at timestamptz)`);
  });
  afterAll(() => database.close());

  it('analyzes a table that grew past 50 rows and a tenth of itself, and leaves it until it grows again', async () => {
    // Never analyzed: the planner's guess is not what the table holds.
    await write(sql`insert into trail select n, now() from generate_series(1, 2000) as n`);
    expect(await estimate()).not.toBe(2000);
    expect(await analyzeChangedTables(database)).toContain('public.trail');
    expect(await estimate()).toBe(2000);

    // 150 more rows are under a tenth of 2,000: nothing to do yet.
    await write(sql`insert into trail select n, now() from generate_series(2001, 2150) as n`);
    expect(await analyzeChangedTables(database)).not.toContain('public.trail');
    await write(sql`insert into trail select n, now() from generate_series(2151, 2400) as n`);
    expect(await analyzeChangedTables(database)).toContain('public.trail');
    expect(await estimate()).toBe(2400);
  });
});
