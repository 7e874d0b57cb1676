import { call, type TestApp, type TestUser } from '../../../test/app.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The address the tests' administrators work from (documentation range, RFC 5737). */
export const OFFICE = '198.51.100.7';
export const OFFICE_RANGE = { startIPAddress: '198.51.100.0', endIPAddress: '198.51.100.255' };
export const ELSEWHERE = '203.0.113.5';

/** One call as the user from an address (the office unless named), JSON body optional. */
export const apiAs =
  (t: TestApp) =>
  (u: TestUser, method: Method, url: string, payload?: object, from: string = OFFICE) =>
    call(t, { method, url, payload, cookie: u.cookie, remoteAddress: from });

/** Creates a range through the API from the office and answers its id. */
export async function createRange(
  t: TestApp,
  u: TestUser,
  body: { name: string; startIPAddress: string; endIPAddress: string },
  from: string = OFFICE,
) {
  const res = await apiAs(t)(u, 'POST', '/api/v1/ip-ranges', body, from);
  if (res.statusCode !== 201) throw new Error(`range create failed: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}
