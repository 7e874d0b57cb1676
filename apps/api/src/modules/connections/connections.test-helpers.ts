import { type ConnectionCreate, connectionEndpoints, type OrganizationType } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { call, type TestApp, type TestUser } from '../../../test/app.js';
import type { SalesforceStandIn, StandInUser } from '../../../test/salesforce-stand-in.js';
import { connections, storages } from '../../db/schema/index.js';

/** An encryption key that is easy to search for in any answer or row. */
export const ENCRYPTION_KEY = 'Key-NEVER-shown1';

/** A storage row of the tenant (or, with `shared`, one the platform offers every tenant). */
export async function seedStorage(t: TestApp, tenantId: string | null, name: string): Promise<string> {
  const [row] = await t.database.system((tx) =>
    tx
      .insert(storages)
      .values({ tenantId, name, type: 'Local', isShared: tenantId === null })
      .returning({ id: storages.id }),
  );
  return row!.id;
}

/** The create call's body for a tenant with Backup. */
export const backupBody = (
  name: string,
  storageId: string,
  organizationType: OrganizationType = 'Production',
): ConnectionCreate => ({
  name,
  type: 'Salesforce',
  config: { authorizationMethod: 'authorization_code', organizationType },
  storageId,
  encryptionKey: ENCRYPTION_KEY,
});

/** The create call's body for a tenant without Backup. */
export const plainBody = (
  name: string,
  organizationType: OrganizationType = 'Production',
): ConnectionCreate => ({
  name,
  config: { organizationType },
});

/** The stored row, tokens and all, as the database holds it. */
export async function storedConnection(t: TestApp, tenantId: string, id: string) {
  const [row] = await t.database.tenant(tenantId, (tx) =>
    tx.select().from(connections).where(eq(connections.id, id)),
  );
  return row!;
}

/** Inserts connection rows directly, for list tests that need many, with chosen dates. */
export async function seedConnections(
  t: TestApp,
  u: TestUser,
  rows: {
    name: string;
    organizationType: 'Production' | 'Sandbox';
    username?: string;
    createdAt: Date;
    updatedAt?: Date;
    createdBy?: string | null;
  }[],
) {
  await t.database.tenant(u.tenantId, (tx) =>
    tx.insert(connections).values(
      rows.map((row) => ({
        tenantId: u.tenantId,
        name: row.name,
        organizationType: row.organizationType,
        status: row.username ? ('connected' as const) : ('pending' as const),
        salesforceUsername: row.username ?? null,
        createdBy: row.createdBy === undefined ? u.userId : row.createdBy,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt ?? row.createdAt,
      })),
    ),
  );
}

/** Where a callback sent the browser (it always redirects). */
export function landedOn(res: { statusCode: number; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(302);
  return String(res.headers.location);
}

/**
 * Creates a connection (tenant without Backup) and logs in to the stand-in for it, as `as` or the
 * stand-in's current user; answers its id once the login landed on the connected one.
 */
export async function connectThroughLogin(
  t: TestApp,
  sf: SalesforceStandIn,
  u: TestUser,
  name: string,
  options: { as?: StandInUser; type?: OrganizationType } = {},
): Promise<string> {
  if (options.as) sf.loginAs(options.as);
  const created = await apiCaller(t).call(u, connectionEndpoints.create, {
    body: plainBody(name, options.type),
  });
  expect(created.statusCode).toBe(201);
  const back = await sf.follow(created.json().loginURI);
  const landed = landedOn(await browserFlow(t).comeBack(u, back));
  const id = new URL(landed, 'https://console.example.com').searchParams.get('connected');
  // The connection's id, as the console's list links it; anything else means the login went elsewhere.
  expect(id, `login landed on ${landed}`).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  );
  return id as string;
}

/** The browser's side of the Salesforce login round trip. */
export function browserFlow(t: TestApp) {
  const api = apiCaller(t);
  return {
    /** Back from the stand-in's login page: the callback, in the user's session (or none). */
    comeBack: (u: TestUser | null, location: URL) =>
      call(t, { method: 'GET', url: `${location.pathname}${location.search}`, cookie: u?.cookie }),
    /** Creates a connection (tenant without Backup) and answers its login address. */
    async startCreate(u: TestUser, name: string) {
      const res = await api.call(u, connectionEndpoints.create, { body: plainBody(name) });
      expect(res.statusCode).toBe(201);
      return new URL(res.json().loginURI);
    },
    listed: async (u: TestUser) => (await api.call(u, connectionEndpoints.list)).json().rows,
  };
}
