import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { AdminRole } from '@skyvault/contract';
import { and, count, eq, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type AppOptions, buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { outboxMessages, tenants, userAdminRoles, users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/passwords.js';
import { sessionCookieName } from '../src/modules/sessions/index.js';
import { openTestDatabase } from './database.js';
import { useOpened } from './opened.js';

export { useOpened };

export const testConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'skyvault-api-test-')),
    SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    // Tests drive the connection checks themselves (services.connectionHealth.runDue()).
    CONNECTION_CHECK_POLL_MS: '0',
    // And the domains' re-checks (services.domains.runDue()).
    DOMAIN_CHECK_POLL_MS: '0',
    // And the end of roles granted for a time (expireTemporaryAccess).
    TEMPORARY_ACCESS_POLL_MS: '0',
    // And the log streams' deliveries (services.logStreamDelivery.runDue()).
    LOG_STREAM_POLL_MS: '0',
    // And the storages' (services.storageHealth.runDue()). The tests reach no cloud: a storage that
    // names AWS or Azure fails its test at the name look-up, well within this.
    STORAGE_CHECK_POLL_MS: '0',
    STORAGE_TIMEOUT_MS: '1500',
    ...env,
  });

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
}

/** The whole API on a fresh database (or the one given), for app.inject. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    logStream?: NodeJS.WritableStream;
    /** An open database to run on instead of a fresh one; closed with the app unless `keepDatabase`. */
    database?: Database;
    /** Two apps on one database (two processes): the caller closes it. */
    keepDatabase?: boolean;
    /** The clock of the Salesforce connections (see AppOptions.clock): a stand-in's, to move days ahead. */
    clock?: () => number;
    webhookSchedule?: AppOptions['webhookSchedule'];
  } = {},
): Promise<TestApp> {
  const config = testConfig(env);
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp(config, {
    database: options.keepDatabase ? { ...database, close: async () => {} } : database,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.webhookSchedule ? { webhookSchedule: options.webhookSchedule } : {}),
  });
  await app.ready();
  const close = async () => {
    await app.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  };
  return { app, database, config, close };
}

/** The app a describe block's tests share (see useOpened); a fresh one on its own database by default. */
export const useTestApp = <T extends TestApp = TestApp>(
  open: () => Promise<T> = () => createTestApp() as Promise<T>,
): T => useOpened(open);

export interface TestUser {
  tenantId: string;
  tenantName: string;
  userId: string;
  email: string;
  cookie: string;
}

let counter = 0;

/** A tenant with one user signed in; the cookie goes straight into inject's headers. */
export async function createTenantWithUser(
  t: TestApp,
  options: {
    services?: string[];
    isAdmin?: boolean;
    tenantName?: string;
    password?: string;
    email?: string;
    /** Whether the user has proven their address (as a mailed link would); unproven by default. */
    emailVerified?: boolean;
    /** A tenant that exists already, to add the user to (a new tenant by default). */
    inTenant?: string;
    /** The user's administrator roles (an administrator is an Owner by default; none: not one). */
    adminRoles?: readonly AdminRole[];
  } = {},
): Promise<TestUser> {
  counter += 1;
  const tenantId = options.inTenant ?? randomUUID();
  const email = options.email ?? `user${counter}-${tenantId.slice(0, 8)}@example.com`;
  const passwordHash = options.password ? await hashPassword(options.password) : null;
  const userId = await t.database.tenant(tenantId, async (tx) => {
    if (!options.inTenant)
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
        passwordHash,
        firstName: 'Test',
        lastName: `User ${counter}`,
        status: 'Confirmed',
        isAdmin: options.adminRoles ? options.adminRoles.length > 0 : (options.isAdmin ?? true),
        emailVerifiedAt: options.emailVerified ? new Date() : null,
      })
      .returning({ id: users.id });
    // Migration 0038's trigger made an administrator an Owner: other roles replace it.
    if (options.adminRoles?.length) {
      const mine = and(eq(userAdminRoles.tenantId, tenantId), eq(userAdminRoles.userId, user!.id));
      await tx.delete(userAdminRoles).where(mine);
      await tx
        .insert(userAdminRoles)
        .values(options.adminRoles.map((role) => ({ tenantId, userId: user!.id, role })));
    }
    return user!.id;
  });
  const cookie = await signIn(t, tenantId, userId);
  return {
    tenantId,
    userId,
    email,
    cookie,
    tenantName: options.tenantName ?? `tenant-${tenantId.slice(0, 8)}`,
  };
}

/** Opens a session for a user as login would, and returns the Cookie header value. */
export async function signIn(t: TestApp, tenantId: string, userId: string): Promise<string> {
  const { token } = await t.database.tenant(tenantId, (tx) =>
    t.app.services.sessions.open(tx, { tenantId, userId }, { ip: '127.0.0.1', requestId: 'test' }),
  );
  return `${sessionCookieName(t.config)}=${token}`;
}

/**
 * inject with the console's CSRF header and an optional session cookie. Each call comes from its own
 * documentation-range address (in a /64 of its own, as per-address limits count IPv6 clients by their
 * /64) unless the test names one, so that per-address limits only bite where a test means them to.
 */
export function call(t: TestApp, options: InjectOptions & { cookie?: string }) {
  const { cookie, headers, ...rest } = options;
  return t.app.inject({
    remoteAddress: `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}::1`,
    ...rest,
    headers: {
      'x-requested-with': 'skyvault-console',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
  });
}

/** A log stream for createTestApp's `logStream` that keeps everything written to it. */
export function captureLog() {
  let text = '';
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  return { stream, text: () => text };
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The messages the outbox transport wrote for this app, oldest first. */
export function outbox(t: TestApp): SentMail[] {
  const dir = path.join(t.config.dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as SentMail);
}

/**
 * Waits until the outbox has nothing due: every message committed so far has been handed to the
 * transport (or scheduled for a retry). Up to 3 s.
 */
export async function outboxSettled(t: Pick<TestApp, 'database'>): Promise<void> {
  const m = outboxMessages;
  for (let i = 0; i < 150; i++) {
    const [due] = await t.database.db
      .select({ n: count() })
      .from(m)
      .where(or(eq(m.status, 'sending'), and(eq(m.status, 'pending'), lte(m.nextAttemptAt, sql`now()`))));
    if (due?.n === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('The outbox still has messages due');
}

/**
 * The newest message to an address. Mail goes out through the outbox once the change commits (the
 * dispatcher is nudged at once): this waits until what is due has been sent, then reads.
 */
export async function lastMailTo(t: TestApp, to: string): Promise<SentMail> {
  await outboxSettled(t);
  for (let i = 0; i < 50; i++) {
    const mail = outbox(t)
      .filter((m) => m.to === to)
      .at(-1);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`No e-mail to ${to}`);
}

/** The session cookie a login response set, as a Cookie header value. */
export function cookieFrom(res: { headers: Record<string, unknown> }): string {
  const header = ([] as string[]).concat(res.headers['set-cookie'] as string | string[]);
  const cookie = header.find((c) => /^(__Host-)?skyvault_session=[^;]/.test(c));
  if (!cookie) throw new Error('No session cookie set');
  return cookie.split(';')[0]!;
}
