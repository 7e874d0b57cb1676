import { DAY_MS, MINUTE_MS } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { call, type TestApp, type TestUser } from '../../../test/app.js';
import { oidcModels } from '../../db/schema/index.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One call as the user, JSON body optional. */
export const apiAs = (t: TestApp) => (u: TestUser, method: Method, url: string, payload?: object) =>
  call(t, { method, url, payload, cookie: u.cookie });

export const appUrl = (id: string, action = '') => `/api/v1/applications/${id}${action ? `/${action}` : ''}`;

/** Creates a connected app through the API and answers it as created (secret included). */
export async function createApp(t: TestApp, u: TestUser, name: string) {
  const res = await apiAs(t)(u, 'POST', '/api/v1/applications', { name });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; clientId: string; clientSecret: string; updatedAt: string };
}

/** A complete OAuth block as the edit screen sends it. */
export const oauthData = (overrides: { oauth?: object; authorizationPolicy?: object } = {}) => ({
  oauth: {
    allowedFlows: ['authorization_code', 'refresh_token'],
    allowedScopes: ['offline_access'],
    authorizedCallbackURLs: ['https://portal.example.com/callback'],
    authorizedSignOutURLs: ['https://portal.example.com/'],
    ...overrides.oauth,
  },
  authorizationPolicy: {
    accessTokenLifetime: 15 * MINUTE_MS,
    refreshTokenLifetime: 7 * DAY_MS,
    ...overrides.authorizationPolicy,
  },
});

let counter = 0;
/**
 * A record the authorization server would keep for a client (a token), written as the server does,
 * through the owner connection: requests cannot touch oidc_models.
 */
export async function insertServerRecord(t: TestApp, clientId: string) {
  counter += 1;
  const key = `record-${counter}-${clientId}`;
  await t.database.system((tx) =>
    tx.insert(oidcModels).values({ model: 'AccessToken', key, payload: { clientId }, clientId }),
  );
  return key;
}

/** The keys of the server records still held for a client. */
export async function serverRecordsOf(t: TestApp, clientId: string) {
  const rows = await t.database.system((tx) =>
    tx.select({ key: oidcModels.key }).from(oidcModels).where(eq(oidcModels.clientId, clientId)),
  );
  return rows.map((row) => row.key);
}
