import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { tenants, users } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';

export const DEMO_TENANT = 'demo';
export const DEMO_EMAIL = 'admin@demo.example.com';

export interface DemoLogin {
  tenantName: string;
  email: string;
  password: string;
}

/** A random password that meets the full password rules (letter, digit, special symbol). */
const demoPassword = () => `Demo-${randomBytes(9).toString('base64url')}-7!`;

const credentialsFile = (dataDir: string) => path.join(dataDir, 'demo-login.json');

/**
 * On an empty database, creates the demo tenant (both services) with one administrator, and keeps its
 * login in DATA_DIR/demo-login.json (owner-only) so that it can be shown again on later starts.
 * Returns the login, or null when the database already had tenants and no login file exists.
 */
export async function seedDemo(database: Database, dataDir: string): Promise<DemoLogin | null> {
  const file = credentialsFile(dataDir);
  const [{ count } = { count: 0 }] = await database.system((tx) =>
    tx.select({ count: sql<number>`count(*)::int` }).from(tenants),
  );
  if (count > 0) return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoLogin) : null;

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
    await tx.insert(users).values({
      tenantId,
      email: DEMO_EMAIL,
      firstName: 'Demo',
      lastName: 'Administrator',
      passwordHash,
      status: 'Confirmed',
      isAdmin: true,
    });
  });
  writeFileSync(file, JSON.stringify(login, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return login;
}
