import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { tenants, users } from '../src/db/schema/index.js';
import { sessionCookieName } from '../src/plugins/session.js';
import { openTestDatabase } from './database.js';

export const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-data-dir',
    SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    ...env,
  });

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
}

/** The whole API on a fresh database, for app.inject. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig(env);
  const database = await openTestDatabase();
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  return { app, database, config, close: () => app.close() };
}

export interface TestUser {
  tenantId: string;
  userId: string;
  email: string;
  cookie: string;
}

let counter = 0;

/** A tenant with one user signed in; the cookie goes straight into inject's headers. */
export async function createTenantWithUser(
  t: TestApp,
  options: { services?: string[]; isAdmin?: boolean; tenantName?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const tenantId = randomUUID();
  const email = `user${counter}-${tenantId.slice(0, 8)}@example.com`;
  const userId = await t.database.tenant(tenantId, async (tx) => {
    await tx.insert(tenants).values({
      id: tenantId,
      name: options.tenantName ?? `tenant-${tenantId.slice(0, 8)}`,
      services: options.services ?? ['backup', 'devOps'],
    });
    const [user] = await tx
      .insert(users)
      .values({
        tenantId,
        email,
        firstName: 'Test',
        lastName: `User ${counter}`,
        status: 'Confirmed',
        isAdmin: options.isAdmin ?? true,
      })
      .returning({ id: users.id });
    return user!.id;
  });
  const cookie = await signIn(t, tenantId, userId);
  return { tenantId, userId, email, cookie };
}

/** Opens a session for a user as login would, and returns the Cookie header value. */
export async function signIn(t: TestApp, tenantId: string, userId: string): Promise<string> {
  const { token } = await t.database.tenant(tenantId, (tx) =>
    t.app.services.sessions.open(tx, { tenantId, userId }, { ip: '127.0.0.1', requestId: 'test' }),
  );
  return `${sessionCookieName(t.config)}=${token}`;
}

/** inject with the console's CSRF header and an optional session cookie. */
export function call(t: TestApp, options: InjectOptions & { cookie?: string }) {
  const { cookie, headers, ...rest } = options;
  return t.app.inject({
    ...rest,
    headers: {
      'x-requested-with': 'skyvault-console',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
  });
}
