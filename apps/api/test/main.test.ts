import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { tenants } from '../src/db/schema/index.js';
import { adminUrl } from './db-names.js';

const apiDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the real entry point (src/main.ts, or another) as `npm start` would, with the given environment. */
function start(env: Record<string, string>, entry = 'src/main.ts'): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // No load balancer to wait for: a stop goes straight to closing.
      SHUTDOWN_DRAIN_S: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (d) => (text += d));
  child.stderr?.on('data', (d) => (text += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function waitFor(run: Run, pattern: RegExp, ms = 30_000) {
  const until = Date.now() + ms;
  while (!pattern.test(run.output())) {
    if (Date.now() > until || run.child.exitCode !== null)
      throw new Error(`Not seen ${pattern}:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('starting the server', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skyvault-main-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('stops on a bad PORT with one clear line', async () => {
    const run = start({ PORT: 'eighty', DATA_DIR: tempDir() });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe('skyvault: Invalid PORT "eighty": must be a port number');
  });

  it('stops on an unreachable DATABASE_URL with one clear line', async () => {
    const port = await freePort();
    const run = start({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/nowhere` });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(
      `skyvault: Cannot connect to PostgreSQL at 127.0.0.1:${port}/nowhere: connection refused.`,
    );
  });

  it('refuses to start in production without DATABASE_URL, with one clear line', async () => {
    const run = start({ NODE_ENV: 'production', DATA_DIR: tempDir() });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(
      'skyvault: DATABASE_URL must be set when NODE_ENV=production: the embedded database is for development.',
    );
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'starts on PostgreSQL with a DATA_DIR that does not exist yet, and keeps the demo login there',
    async () => {
      const url = process.env.TEST_DATABASE_URL!;
      const name = `skyvault_fresh_${process.pid}_${Date.now()}`;
      const admin = openPostgres(adminUrl(url), { max: 1 });
      await admin.pool.query(`CREATE DATABASE "${name}"`);
      const dataDir = path.join(tempDir(), 'not', 'yet');
      const port = await freePort();
      const run = start({
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: adminUrl(url, name),
        SECRETS_KEY: Buffer.alloc(32, 5).toString('base64'),
      });
      try {
        await waitFor(run, /Demo login: tenant "demo"/, 60_000);
        expect(existsSync(path.join(dataDir, 'demo-login.json'))).toBe(true);
        expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      } finally {
        run.child.kill('SIGTERM');
        await run.exited;
        await admin.pool.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.database.close();
      }
    },
    90_000,
  );

  it('seeds the demo tenant once, keeps its password out of the output, refuses a second process on the data dir, and keeps the data', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const loginFile = path.join(dataDir, 'demo-login.json');
    // Output to a pipe, as to a log collector: the password stays in the owner-only file.
    const first = start({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    await waitFor(first, /Demo login: tenant "demo", e-mail admin@demo\.example\.com, password in (\S+)/);
    expect(/password in (\S+)/.exec(first.output())![1]).toBe(loginFile);
    const { password } = JSON.parse(readFileSync(loginFile, 'utf8')) as { password: string };
    expect(password).toMatch(/^Demo-/);
    const brand = await fetch(`http://127.0.0.1:${port}/api/v1/brand`).then((r) => r.json());
    expect(brand).toEqual({ brand: 'skyvault' });
    expect(first.output()).toContain('"msg":');
    expect(first.output()).not.toContain(password);

    const second = start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toMatch(
      /^skyvault: The data directory .+ is in use by another process \(pid \d+\)\./,
    );

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const again = start({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    await waitFor(again, /Demo login: /);
    expect(again.output()).toContain(`password in ${loginFile}`);
    expect(again.output()).not.toContain(password);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);

    const { database } = await openPglite({ dataDir: path.join(dataDir, 'pg') });
    const [row] = await database.system((tx) => tx.select({ n: sql<number>`count(*)::int` }).from(tenants));
    await database.close();
    expect(row!.n).toBe(1);
  }, 90_000);

  it('refuses to start with a SECRETS_KEY that does not open the database, in one line naming both keys', async () => {
    const dataDir = tempDir();
    const sealedWith = Buffer.alloc(32, 1);
    const configured = Buffer.alloc(32, 2);
    const fingerprint = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);
    // `migrate` records the key the database's secrets are sealed with.
    const migrate = start(
      { DATA_DIR: dataDir, SECRETS_KEY: sealedWith.toString('base64') },
      'src/db/migrate.cli.ts',
    );
    expect(await migrate.exited, migrate.output()).toBe(0);

    // As after a restore with the wrong key: the start stops before it serves anything.
    const run = start({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      SECRETS_KEY: configured.toString('base64'),
      MIGRATE_ON_START: 'false',
    });
    expect(await run.exited).toBe(1);
    expect(run.output().trim()).toBe(
      `skyvault: The configured secrets keys do not open this database (SECRETS_KEY ${fingerprint(configured)}): this database's secrets were sealed with key ${fingerprint(sealedWith)}. Set SECRETS_KEY to the key this database was sealed with (after a restore: the key of its backup).`,
    );
    expect(run.output()).not.toContain(configured.toString('base64'));
  }, 90_000);
});
