import { applicationEndpoints, DAY_MS, MINUTE_MS } from '@skyvault/contract';
import { eq } from 'drizzle-orm';
import { apiCaller } from '../../../test/api-caller.js';
import type { TestApp, TestUser } from '../../../test/app.js';
import { oidcModels } from '../../db/schema/index.js';

export const appUrl = (id: string, action = '') => `/api/v1/applications/${id}${action ? `/${action}` : ''}`;

/** Creates a connected app through the API and answers it as created (secret included). */
export async function createApp(t: TestApp, u: TestUser, name: string) {
  return (await apiCaller(t).call(u, applicationEndpoints.create, { body: { name } })).result();
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
