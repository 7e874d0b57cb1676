import type { ErrorBody } from '@skyvault/contract';
import { expect } from 'vitest';
import type { ApiCaller, Method } from './api-caller.js';
import type { TestUser } from './app.js';

/** One call of a resource as an access table lists it: method, address and body. */
export type ListedCall = readonly [Method, string, object | undefined];

/** Sends each call as the user (null: signed out) and expects each to answer `status` (and `body`). */
export async function expectEachAnswers(
  api: ApiCaller,
  user: TestUser | null,
  calls: readonly ListedCall[],
  status: number,
  body?: Partial<ErrorBody>,
) {
  for (const [method, url, payload] of calls) {
    const res = await api.send(user, method, url, payload);
    expect(res.statusCode, `${method} ${url}`).toBe(status);
    if (body) expect(res.json(), `${method} ${url}`).toMatchObject(body);
  }
}

/** Each call answers 401 without a session and 403 INSUFFICIENT_ACCESS to a user who is no administrator. */
export async function expectAdministratorsOnly(
  api: ApiCaller,
  member: TestUser,
  calls: readonly ListedCall[],
) {
  await expectEachAnswers(api, null, calls, 401, { code: 'INVALID_SESSION_EXCEPTION' });
  await expectEachAnswers(api, member, calls, 403, { code: 'INSUFFICIENT_ACCESS' });
}
