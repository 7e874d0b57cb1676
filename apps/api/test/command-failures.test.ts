import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUrl } from './db-names.js';

const apiDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Runs an operator entry from its sources, as `npm run db:migrate` / `npm run admin` do in a checkout. */
function run(source: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', source, ...args], {
    cwd: apiDir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

describe("the operator commands print the database's own reason and exit 1", () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'skyvault-command-failures-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  // The embedded database is its own: once is enough (the PostgreSQL pass runs the two below).
  it.skipIf(process.env.TEST_DATABASE_URL)(
    'migrate, on a migration the database refuses (embedded)',
    async () => {
      // A migrations folder of one statement that cannot run: the database's words must reach the operator.
      const migrations = path.join(scratch, 'migrations');
      mkdirSync(path.join(migrations, 'meta'), { recursive: true });
      writeFileSync(
        path.join(migrations, 'meta', '_journal.json'),
        JSON.stringify({
          version: '7',
          dialect: 'postgresql',
          entries: [{ idx: 0, version: '7', when: 1, tag: '0000_refused', breakpoints: true }],
        }),
      );
      writeFileSync(path.join(migrations, '0000_refused.sql'), 'ALTER TABLE no_such_table ADD COLUMN x int;');
      const result = await run('src/db/migrate.cli.ts', [], {
        DATA_DIR: path.join(scratch, 'data'),
        MIGRATIONS_DIR: migrations,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        'skyvault: migrations failed: the database refused it: relation "no_such_table" does not exist (SQLSTATE 42P01)',
      );
      expect(result.stderr).toContain('statement: ALTER TABLE no_such_table ADD COLUMN x int;');
      expect(result.stdout).not.toContain('Migrations applied');
    },
    60_000,
  );

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    const missing = `skyvault_wt_c_missing_${process.pid}`;
    const env = () => ({ DATABASE_URL: adminUrl(process.env.TEST_DATABASE_URL!, missing) });

    it('migrate, on a database that does not exist', async () => {
      const result = await run('src/db/migrate.cli.ts', [], env());
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `skyvault: migrations failed: the database refused it: database "${missing}" does not exist (SQLSTATE 3D000)`,
      );
    }, 60_000);

    it('admin, on a database that does not exist', async () => {
      const result = await run('src/cli/admin.ts', ['tenants'], env());
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `skyvault admin: the database refused it: database "${missing}" does not exist (SQLSTATE 3D000)`,
      );
    }, 60_000);
  });
});
