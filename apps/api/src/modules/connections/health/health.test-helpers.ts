import { connectionEndpoints, type OrganizationType } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { apiCaller } from '../../../../test/api-caller.js';
import { call, createTestApp, type TestApp, type TestUser } from '../../../../test/app.js';
import type { SalesforceStandIn, StandInUser } from '../../../../test/salesforce-stand-in.js';
import type { Database } from '../../../db/client.js';
import { connections } from '../../../db/schema/index.js';
import { sealedAt } from '../../../platform/secrets/sealed-at.js';
import { plainBody } from '../connections.test-helpers.js';

/**
 * The API on the stand-in's clock, so that a test moves both by days. `database` shares one database
 * between apps (two processes); it is then the caller's to close.
 */
export function openHealthApp(
  sf: SalesforceStandIn,
  options: { database?: Database; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const env = {
    ...sf.env(),
    PUBLIC_URL: 'https://console.example.com',
    // Deliveries stay queued, for the tests to count.
    WEBHOOK_POLL_MS: '0',
    ...options.env,
  };
  return createTestApp(env, {
    clock: () => sf.clock.now(),
    ...(options.database ? { database: options.database, keepDatabase: true } : {}),
  });
}

/** Creates a connection and logs in to Salesforce for it (as `as`, or the stand-in's current user). */
export async function connect(
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
  const res = await call(t, { method: 'GET', url: `${back.pathname}${back.search}`, cookie: u.cookie });
  const landed = new URL(String(res.headers.location), 'https://console.example.com');
  const id = landed.searchParams.get('connected');
  expect(id, `login landed on ${landed}`).toBeTruthy();
  return id!;
}

/** The stored row, tokens and all. */
export async function stored(t: TestApp, tenantId: string, id: string) {
  const [row] = await t.database.tenant(tenantId, (tx) =>
    tx
      .select()
      .from(connections)
      .where(and(eq(connections.tenantId, tenantId), eq(connections.id, id))),
  );
  return row!;
}

/** The stored tokens, opened. */
export async function tokensOf(t: TestApp, tenantId: string, id: string) {
  const row = await stored(t, tenantId, id);
  const { secrets } = t.app.services;
  return {
    row,
    accessToken: secrets.open(sealedAt.connectionAccessToken(tenantId, id), row.accessToken!),
    refreshToken: secrets.open(sealedAt.connectionRefreshToken(tenantId, id), row.refreshToken!),
  };
}

/** Check now, as the console calls it. */
export async function checkNow(t: TestApp, u: TestUser, id: string) {
  const res = await apiCaller(t).call(u, connectionEndpoints.check, { params: { id } });
  return res.result();
}
