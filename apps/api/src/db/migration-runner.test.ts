import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as drizzleMigrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminUrl } from '../../test/db-names.js';
import { OUTSIDE_TRANSACTION, readMigrations, runMigrations } from './migration-runner.js';

/** A migrations folder of its own: the journal and one SQL file per migration, as drizzle-kit writes them. */
function migrationsFolder(migrations: { tag: string; sql: string }[]): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'skyvault-migrations-'));
  mkdirSync(path.join(folder, 'meta'));
  const entries = migrations.map((m, i) => ({
    idx: i,
    version: '7',
    when: 1_700_000_000_000 + i,
    tag: m.tag,
    breakpoints: true,
  }));
  writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  for (const m of migrations) writeFileSync(path.join(folder, `${m.tag}.sql`), m.sql);
  return folder;
}

const FIRST = { tag: '0000_books', sql: 'CREATE TABLE books (id int PRIMARY KEY, title text);' };
const SECOND = {
  tag: '0001_book_isbn',
  sql: 'ALTER TABLE books ADD COLUMN isbn text;--> statement-breakpoint\nCREATE INDEX books_isbn ON books (isbn);',
};

describe.skipIf(!process.env.TEST_DATABASE_URL)('the migration runner on PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `skyvault_migrations_${randomBytes(5).toString('hex')}`;
  let admin: pg.Client;
  let pool: pg.Pool;
  const folders: string[] = [];
  const folderOf = (migrations: { tag: string; sql: string }[]) => {
    const folder = migrationsFolder(migrations);
    folders.push(folder);
    return folder;
  };

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  beforeEach(() => {
    pool = new pg.Pool({ connectionString: adminUrl(url, name), max: 4 });
    // pool.end() answers before its connections have closed; the DROP DATABASE … WITH (FORCE) that
    // follows may end one first, and the pool reports that as an 'error' event, which nobody heard.
    pool.on('error', () => {});
  });
  afterEach(async () => {
    await pool.query('DROP TABLE IF EXISTS books; DROP SCHEMA IF EXISTS drizzle CASCADE');
    await pool.end();
  });

  it("goes on from a database drizzle's migrator began, with the same bookkeeping", async () => {
    await drizzleMigrate(drizzle({ client: pool }), { migrationsFolder: folderOf([FIRST]) });
    const folder = folderOf([FIRST, SECOND]);

    expect(await runMigrations(pool, folder, { log: () => {} })).toEqual([SECOND.tag]);
    expect(await runMigrations(pool, folder, { log: () => {} })).toEqual([]);

    const { rows } = await pool.query(
      'select hash, created_at from drizzle.__drizzle_migrations order by id',
    );
    expect(rows).toEqual(readMigrations(folder).map((m) => ({ hash: m.hash, created_at: String(m.when) })));
    await pool.query("insert into books (id, title, isbn) values (1, 'Dune', '978-0441013593')");
  });

  it('gives up a lock that a running request holds within lock_timeout, so readers are not queued behind it, and tries again', {
    timeout: 20_000,
  }, async () => {
    await runMigrations(pool, folderOf([FIRST]), { log: () => {} });
    // A server of the previous release, in the middle of a long transaction that read the table.
    const server = await pool.connect();
    await server.query('begin');
    await server.query('select * from books');
    const lines: string[] = [];
    const migrating = runMigrations(pool, folderOf([FIRST, SECOND]), {
      lockTimeoutMs: 300,
      backoffMs: 100,
      attempts: 20,
      log: (line) => lines.push(line),
    });

    // While the migration waits and retries, another request still reads at once: the ALTER TABLE is
    // queued for at most lock_timeout, and not queued at all between two tries.
    const reader = await pool.connect();
    try {
      await reader.query('set statement_timeout = 1500');
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        await reader.query('select count(*) from books');
        expect(Date.now() - started).toBeLessThan(1_000);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    } finally {
      reader.release();
      // The request ends: the next try takes the lock.
      await server.query('commit');
      server.release();
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toMatch(
      /^skyvault: migration 0001_book_isbn could not take its locks within 300 ms .*trying again in 100 ms \(attempt 2 of 20\)$/,
    );
    expect(await migrating).toEqual([SECOND.tag]);
    const { rows } = await pool.query(
      "select column_name from information_schema.columns where table_name = 'books'",
    );
    expect(rows.map((r) => r.column_name)).toContain('isbn');
  });

  it('builds an index concurrently outside a transaction: writers go on while it waits, and a failed build is replaced', {
    timeout: 20_000,
  }, async () => {
    await runMigrations(pool, folderOf([FIRST]), { log: () => {} });
    await pool.query("insert into books values (1, 'Emma'), (2, 'Emma')");
    // An earlier build that failed midway (a unique index over duplicates) left an invalid index.
    await expect(
      pool.query('CREATE UNIQUE INDEX CONCURRENTLY books_title ON books (title)'),
    ).rejects.toThrow();
    const concurrent = {
      tag: '0001_books_title',
      sql: `${OUTSIDE_TRANSACTION}\nDROP INDEX CONCURRENTLY IF EXISTS books_title;--> statement-breakpoint\nCREATE INDEX CONCURRENTLY books_title ON books (title);`,
    };
    // A request of the previous release in the middle of a write: the build waits for it to end.
    const server = await pool.connect();
    await server.query('begin');
    await server.query("insert into books values (3, 'Persuasion')");
    const migrating = runMigrations(pool, folderOf([FIRST, concurrent]), {
      lockTimeoutMs: 100,
      log: () => {},
    });
    try {
      // Other writers are not queued behind the build (a plain CREATE INDEX would hold them up).
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        await pool.query('insert into books values ($1, $2)', [10 + i, 'Sanditon']);
        expect(Date.now() - started).toBeLessThan(1_000);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await server.query('commit');
      server.release();
    }
    expect(await migrating).toEqual([concurrent.tag]);
    const { rows } = await pool.query(
      "select indisvalid from pg_index where indexrelid = 'books_title'::regclass",
    );
    expect(rows).toEqual([{ indisvalid: true }]);
  });

  it('stops after its last try, naming the migration and the database reason; earlier ones stay applied', {
    timeout: 20_000,
  }, async () => {
    const server = await pool.connect();
    try {
      await runMigrations(pool, folderOf([FIRST]), { log: () => {} });
      await server.query('begin');
      await server.query('select * from books');
      const started = Date.now();
      await expect(
        runMigrations(pool, folderOf([FIRST, SECOND]), {
          lockTimeoutMs: 100,
          backoffMs: 50,
          attempts: 3,
          log: () => {},
        }),
      ).rejects.toThrow(/^Migration 0001_book_isbn failed: canceling statement due to lock timeout$/);
      // Three tries of at most 100 ms each, and pauses of 50 and 100 ms.
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await server.query('rollback');
      server.release();
    }
    const { rows } = await pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0].n).toBe(1);
  });

  it('does not retry a migration that is wrong, and leaves none of it behind', async () => {
    const broken = {
      tag: '0001_broken',
      sql: 'ALTER TABLE books ADD COLUMN isbn text;--> statement-breakpoint\nALTER TABLE nowhere ADD COLUMN x int;',
    };
    const lines: string[] = [];
    await expect(
      runMigrations(pool, folderOf([FIRST, broken]), { log: (l) => lines.push(l) }),
    ).rejects.toThrow(/^Migration 0001_broken failed: relation "nowhere" does not exist$/);
    expect(lines).toEqual([]);
    const { rows } = await pool.query(
      "select column_name from information_schema.columns where table_name = 'books'",
    );
    expect(rows.map((r) => r.column_name)).not.toContain('isbn');
  });
});
