import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.js';
import type { Database } from './client.js';
import { describeDatabaseFailure } from './failure-reason.js';
import { tenants } from './schema/index.js';

describe('describeDatabaseFailure', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const failure = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      return error;
    }
    throw new Error('it did not fail');
  };

  it("prints the database's own reason and code, the statement's first line, never the bound values", async () => {
    const error = await failure(() =>
      database.db.execute(sql`select * from no_such_table where secret = ${'hunter2-bound-value'}`),
    );
    const said = describeDatabaseFailure(error);
    expect(said).toMatch(
      /^the database refused it: relation "no_such_table" does not exist \(SQLSTATE 42P01\)/,
    );
    expect(said).toContain('statement: select * from no_such_table where secret = $1');
    expect(said).not.toContain('hunter2-bound-value');
    expect(said).not.toContain('Failed query');
  });

  it("carries the database's detail, hint and the table and constraint it names", async () => {
    const raised = await failure(() =>
      database.db.execute(
        sql.raw(
          "do $$ begin raise exception 'the migration cannot go on' using detail = 'row 7 is in the way', hint = 'remove row 7 first'; end $$",
        ),
      ),
    );
    expect(describeDatabaseFailure(raised)).toMatch(
      /^the database refused it: the migration cannot go on \(SQLSTATE P0001\)\n {2}detail: row 7 is in the way\n {2}hint: remove row 7 first\n/,
    );
    const insert = (tenantId: string) =>
      database.tenant(tenantId, (tx) =>
        tx.insert(tenants).values({ id: tenantId, name: 'twice-wt-c', services: ['backup'] }),
      );
    await insert(randomUUID());
    const said = describeDatabaseFailure(await failure(() => insert(randomUUID())));
    expect(said).toMatch(/\(SQLSTATE 23505\)\n {2}on: table tenants \(constraint tenants_name_lower_key\)/);
  });

  it('names a failure that is not the database’s by its innermost cause and code', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(describeDatabaseFailure(new Error('Failed query: select 1\nparams: x', { cause: refused }))).toBe(
      'connect ECONNREFUSED 127.0.0.1:1',
    );
    expect(describeDatabaseFailure(Object.assign(new AggregateError([]), { code: 'ECONNREFUSED' }))).toBe(
      'failed (ECONNREFUSED)',
    );
    expect(describeDatabaseFailure(new Error('Failed query: select $1\nparams: hunter2'))).toBe(
      'Failed query: select $1',
    );
  });
});
