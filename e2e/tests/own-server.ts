import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DemoLogin } from './demo';

/**
 * A second server of a spec's own, on its own data dir, for what the shared server cannot show: a
 * setting it runs without (no Salesforce connected app, an operator contact), or an operator's CLI
 * change, which needs the server stopped (only one process may open the embedded database). Its port
 * follows the run's (E2E_PORT + offset), so that runs on other ports do not collide.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

export interface OwnServer {
  base: string;
  dataDir: string;
  demo: DemoLogin;
  stop(): Promise<void>;
  /** Stops the server, runs `between` on its data dir (operator commands), and starts it again. */
  restart(between: (dataDir: string) => void): Promise<void>;
}

const ownPort = (offset: number) => Number(process.env.E2E_PORT ?? 8181) + offset;

function start(dataDir: string, port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Ready when its readiness probe says so (the start line is a log record, which LOG_LEVEL=warn hides).
  return new Promise((resolve, reject) => {
    let output = '';
    let exited = false;
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk: Buffer) => (output += chunk));
    child.on('exit', (code) => {
      exited = true;
      reject(new Error(`server exited with ${code}: ${output}`));
    });
    const probe = async () => {
      if (exited) return;
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (res) => res.ok,
        () => false,
      );
      if (ready) resolve(child);
      else setTimeout(probe, 100);
    };
    void probe();
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    // A server already gone (stopped for a restart that did not finish) has nothing left to stop.
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Runs the operator CLI (npm run admin) on a data dir whose server is stopped; answers what it printed. */
export const admin = (dataDir: string, args: string[], env: Record<string, string> = {}) =>
  execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/cli/admin.ts'), ...args], {
    cwd: root,
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    stdio: 'pipe',
  });

/**
 * Starts a server on a fresh data dir with `env` (its first start seeds the demo tenant). `beforeStart`
 * runs operator commands on the seeded data before the server that the test uses starts.
 */
export async function startOwnServer(
  offset: number,
  env: Record<string, string> = {},
  beforeStart?: (dataDir: string) => void,
): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skyvault-e2e-own-'));
  const port = ownPort(offset);
  if (beforeStart) {
    await stop(await start(dataDir, port, env));
    beforeStart(dataDir);
  }
  let child = await start(dataDir, port, env);
  const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-login.json'), 'utf8')) as DemoLogin;
  return {
    base: `http://localhost:${port}`,
    dataDir,
    demo,
    stop: () => stop(child),
    async restart(between) {
      await stop(child);
      between(dataDir);
      child = await start(dataDir, port, env);
    },
  };
}
