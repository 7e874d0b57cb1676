import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface DemoLogin {
  tenantName: string;
  email: string;
  password: string;
}

/** The demo administrator that the server seeded into the fresh data dir on its first start. */
export function demoLogin(): DemoLogin {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return JSON.parse(readFileSync(path.join(dataDir, 'demo-login.json'), 'utf8')) as DemoLogin;
}
