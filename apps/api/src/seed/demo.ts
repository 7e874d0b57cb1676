import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { tenants, verifiedDomains } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { insertUser } from '../modules/users/index.js';

export const DEMO_TENANT = 'demo';
export const DEMO_EMAIL = 'admin@demo.example.com';
/**
 * The demo tenant's own e-mail domain, verified from the start (example.com's names are reserved, so
 * nobody else can prove them): single sign-on creates the demo's new users on it (docs/sso.md).
 */
export const DEMO_DOMAIN = 'demo.example.com';

export interface DemoLogin {
  tenantName: string;
  email: string;
  password: string;
}

/** What a start says about the demo login: the password only on the start that created it. */
export interface DemoSeed {
  tenantName: string;
  email: string;
  /** Where the login is kept (owner-only). */
  file: string;
  /** Set when this start created the tenant; later starts never read it back. */
  password?: string;
}

/** A random password that meets the full password rules (letter, digit, special symbol). */
const demoPassword = () => `Demo-${randomBytes(9).toString('base64url')}-7!`;

export const demoLoginFile = (dataDir: string) => path.join(dataDir, 'demo-login.json');

/**
 * On an empty database, creates the demo tenant (both services) with one administrator, and keeps its
 * login in DATA_DIR/demo-login.json (owner-only), where the browser tests and benchmarks read it.
 * Returns the new login with its password; on later starts (the database has tenants) where the
 * login is kept, without reading the password; null when there is no such file.
 */
export async function seedDemo(database: Database, dataDir: string): Promise<DemoSeed | null> {
  const file = demoLoginFile(dataDir);
  const [{ count } = { count: 0 }] = await database.system((tx) =>
    tx.select({ count: sql<number>`count(*)::int` }).from(tenants),
  );
  if (count > 0) return existsSync(file) ? { tenantName: DEMO_TENANT, email: DEMO_EMAIL, file } : null;

  const login: DemoLogin = {
    tenantName: DEMO_TENANT,
    email: DEMO_EMAIL,
    password: process.env.DEMO_PASSWORD || demoPassword(),
  };
  const tenantId = randomUUID();
  const passwordHash = await hashPassword(login.password);
  await database.tenant(tenantId, async (tx) => {
    await tx
      .insert(tenants)
      .values({ id: tenantId, name: DEMO_TENANT, status: 'active', services: ['backup', 'devOps'] });
    await insertUser(tenantId, tx, {
      email: DEMO_EMAIL,
      firstName: 'Demo',
      lastName: 'Administrator',
      passwordHash,
      status: 'Confirmed',
      isAdmin: true,
    });
    await tx.insert(verifiedDomains).values({
      tenantId,
      domain: DEMO_DOMAIN,
      status: 'Verified',
      txtValue: `skyvault-demo=${tenantId}`,
      verifiedAt: new Date(),
      // No next check: the daily re-check never looks up the demo's domain, which has no record to find.
      nextCheckAt: null,
    });
  });
  // On PostgreSQL nothing else may have created DATA_DIR yet.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(login, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return { ...login, file };
}
