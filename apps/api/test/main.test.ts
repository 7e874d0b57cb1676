import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
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
  // 'close', not 'exit': the output the child wrote last has been read by then.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** The waiting server listens once the first attempt has failed: asks until it answers. */
async function fetchWhenListening(url: string, ms = 10_000): Promise<Response> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
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

  it('waits for a database it cannot reach yet, answers the probes meanwhile, and stops cleanly on SIGTERM', async () => {
    const [dbPort, port] = [await freePort(), await freePort()];
    const run = start({
      PORT: String(port),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${dbPort}/nowhere`,
      LOG_LEVEL: 'info',
    });
    try {
      await waitFor(run, /database not reachable \(connection refused\); retrying in \d+\.\d s/);
      // One JSON line per attempt, with the reason and the wait as fields too.
      const line = run
        .output()
        .split('\n')
        .find((l) => l.includes('database not reachable'))!;
      expect(JSON.parse(line)).toMatchObject({
        level: 40,
        reason: 'connection refused',
        waitMs: expect.any(Number),
      });
      const healthz = await fetchWhenListening(`http://127.0.0.1:${port}/healthz`);
      expect(healthz.status).toBe(200);
      const readyz = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(readyz.status).toBe(503);
      expect(await readyz.json()).toEqual({ status: 'unavailable', reason: 'database unreachable' });
      const call = await fetch(`http://127.0.0.1:${port}/api/v1/brand`);
      expect(call.status).toBe(503);
      expect(call.headers.get('retry-after')).toBe('5');
      expect(((await call.json()) as { code: string }).code).toBe('DATABASE_UNAVAILABLE');
      // A second attempt, after the first wait (1 s at most).
      await waitFor(run, /retrying in[\s\S]*retrying in/, 10_000);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('stopped while waiting for the database');
    expect(run.output()).not.toContain('skyvault: ');
  }, 90_000);

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
        LOG_LEVEL: 'info',
      });
      try {
        await waitFor(run, /"demoLogin":\{"tenant":"demo"/, 60_000);
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

  it.runIf(process.env.TEST_DATABASE_URL)(
    'starts once the database it waited for can be reached',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const name = `skyvault_wait_${process.pid}_${Date.now()}`;
      const admin = openPostgres(url.toString(), { max: 1 });
      await admin.pool.query(`CREATE DATABASE "${name}"`);
      // The database's address is a port nothing listens on yet; a proxy to the server opens there later.
      const [dbPort, port] = [await freePort(), await freePort()];
      const through = new URL(adminUrl(url.toString(), name));
      through.host = `127.0.0.1:${dbPort}`;
      const run = start({
        PORT: String(port),
        DATA_DIR: tempDir(),
        DATABASE_URL: through.toString(),
        SECRETS_KEY: Buffer.alloc(32, 5).toString('base64'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
      });
      const sockets = new Set<Socket>();
      const proxy = createServer((client) => {
        const server = connect(Number(url.port || 5432), url.hostname);
        for (const socket of [client, server]) {
          sockets.add(socket);
          socket.on('error', () => socket.destroy());
        }
        client.pipe(server).pipe(client);
      });
      try {
        await waitFor(run, /database not reachable \(connection refused\); retrying in/);
        await new Promise((r) => setTimeout(r, 1000));
        await new Promise<void>((resolve) => proxy.listen(dbPort, '127.0.0.1', resolve));
        await waitFor(run, /"msg":"Skyvault Console is running at /, 60_000);
        expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      } finally {
        run.child.kill('SIGTERM');
        await run.exited;
        proxy.close();
        for (const socket of sockets) socket.destroy();
        await admin.pool.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.database.close();
      }
      expect(await run.exited).toBe(0);
    },
    90_000,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'stops at once, with one clear line, on a database or role that does not exist',
    async () => {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const missing = new URL(adminUrl(url.toString(), `skyvault_missing_${process.pid}`));
      const where = `${url.hostname}:${url.port || 5432}`;
      const noDatabase = start({ DATABASE_URL: missing.toString(), DATA_DIR: tempDir() });
      expect(await noDatabase.exited).toBe(1);
      expect(noDatabase.output().trim()).toBe(
        `skyvault: PostgreSQL database ${where}/skyvault_missing_${process.pid} does not exist.`,
      );
      const stranger = new URL(url.toString());
      stranger.username = `skyvault_nobody_${process.pid}`;
      const noRole = start({ DATABASE_URL: stranger.toString(), DATA_DIR: tempDir() });
      expect(await noRole.exited).toBe(1);
      expect(noRole.output().trim()).toBe(
        `skyvault: PostgreSQL refused the credentials for ${where}${stranger.pathname}.`,
      );
    },
    60_000,
  );

  it('seeds the demo tenant once, keeps its password out of the output, refuses a second process on the data dir, and keeps the data', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const loginFile = path.join(dataDir, 'demo-login.json');
    // Output to a pipe, as to a log collector: the password stays in the owner-only file.
    const first = start({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    // Output to a pipe is not a terminal: the banner is one JSON log line, as every other line.
    await waitFor(first, /"msg":"Skyvault Console is running at /, 60_000);
    const banner = JSON.parse(
      first
        .output()
        .split('\n')
        .find((l) => l.includes('is running at'))!,
    );
    expect(banner).toMatchObject({
      level: 30,
      url: `http://localhost:${port}`,
      database: `embedded (${dataDir})`,
      demoLogin: { tenant: 'demo', email: 'admin@demo.example.com', file: loginFile },
    });
    expect(first.output()).not.toContain('  Skyvault Console is running');
    const { password } = JSON.parse(readFileSync(loginFile, 'utf8')) as { password: string };
    expect(password).toMatch(/^Demo-/);
    const brand = await fetch(`http://127.0.0.1:${port}/api/v1/brand`).then((r) => r.json());
    expect(brand).toEqual({ brand: 'skyvault', signUp: 'open' });
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
    await waitFor(again, /"demoLogin":/, 60_000);
    expect(again.output()).toContain(`"file":"${loginFile}"`);
    expect(again.output()).not.toContain(password);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);

    const { database } = await openPglite({ dataDir: path.join(dataDir, 'pg') });
    const [row] = await database.system((tx) => tx.select({ n: sql<number>`count(*)::int` }).from(tenants));
    await database.close();
    expect(row!.n).toBe(1);
  }, 180_000);

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
