import { connectionEndpoints } from '@skyvault/contract';
import { apiCaller } from '../../../../test/api-caller.js';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/app.js';
import type { SalesforceStandIn } from '../../../../test/salesforce-stand-in.js';
import type { Database } from '../../../db/client.js';
import { sealedAt } from '../../../platform/secrets/sealed-at.js';
import { connectThroughLogin, storedConnection } from '../connections.test-helpers.js';

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
export const connect = connectThroughLogin;

/** The stored row, tokens and all. */
export const stored = storedConnection;

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
