import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { LoginPage } from './login.page';

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

/**
 * Signs the demo administrator in through the login page (the tenant-name flow) and waits for the
 * security overview, an Owner's first page, where every signed-in spec starts.
 */
export async function signInAsDemo(page: Page): Promise<DemoLogin> {
  const demo = demoLogin();
  const login = new LoginPage(page);
  await login.open();
  await login.withTenantName(demo.tenantName, demo.email, demo.password);
  await expect(page).toHaveURL(/\/security-overview$/);
  return demo;
}
