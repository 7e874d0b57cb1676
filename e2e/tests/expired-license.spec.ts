import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type { DemoLogin } from './demo';
import { LoginPage } from './login.page';

/**
 * An expired licence, ended the way platform operators end one: with the CLI, on a server's own data
 * dir while that server is stopped (only one process may open the embedded database). This test runs
 * a second server of its own for that reason.
 */
const PORT = 8184;
const root = fileURLToPath(new URL('../..', import.meta.url));

function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('running at')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

test('an expired licence blocks its tab with the modal asking to contact the success manager', async ({
  page,
}) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'skyvault-e2e-expired-'));
  // First start: the demo tenant is created.
  await stop(await startServer(dataDir));
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'apps/api/src/cli/admin.ts'),
      'license',
      'demo',
      'Dbr',
      '--edition',
      'Enterprise',
      '--until',
      '2020-01-31',
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: 'pipe' },
  );
  const server = await startServer(dataDir);
  try {
    const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-login.json'), 'utf8')) as DemoLogin;
    const base = `http://localhost:${PORT}`;
    const login = new LoginPage(page);
    await page.goto(`${base}/auth/login?redirectTo=%2Flicenses%2Fbackup`);
    await login.withTenantName(demo.tenantName, demo.email, demo.password);
    const modal = page.getByRole('dialog', { name: 'Access to this app has expired' });
    await expect(modal).toBeVisible();
    await expect(modal.getByText(/success manager/)).toBeVisible();
    await expect(page.getByText('Enterprise')).toBeVisible();
  } finally {
    await stop(server);
  }
});
