import { type ApiTokenScope, apiTokenEndpoints, type CreatedApiToken } from '@skyvault/contract';
import { apiCaller } from '../../../test/api-caller.js';
import type { TestApp, TestUser } from '../../../test/app.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Creates an API token as the administrator `admin` (through the API) and answers it with its secret.
 * An administrator who has a second factor gives the step-up's `proof` (a current code or the password).
 */
export async function createApiToken(
  t: TestApp,
  admin: TestUser,
  options: {
    scope?: ApiTokenScope;
    name?: string;
    days?: number;
    proof?: { code?: string; password?: string };
  } = {},
): Promise<CreatedApiToken> {
  const res = await apiCaller(t).call(admin, apiTokenEndpoints.create, {
    body: {
      name: options.name ?? `token ${Math.random().toString(36).slice(2, 8)}`,
      scope: options.scope ?? 'admin',
      expiresAt: new Date(Date.now() + (options.days ?? 30) * DAY_MS).toISOString(),
      ...options.proof,
    },
  });
  return res.result();
}

/** inject with a bearer token and nothing else: no cookie, no CSRF header. */
export const withToken = (
  t: TestApp,
  token: string,
  request: {
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    url: string;
    payload?: unknown;
    from?: string;
  },
) =>
  t.app.inject({
    method: request.method,
    url: request.url,
    remoteAddress: request.from ?? '203.0.113.50',
    headers: { authorization: `Bearer ${token}` },
    ...(request.payload === undefined ? {} : { payload: request.payload as object }),
  });
