import { ipRangeEndpoints } from '@skyvault/contract';
import { apiCaller } from '../../../test/api-caller.js';
import type { TestApp, TestUser } from '../../../test/app.js';

/** The address the tests' administrators work from (documentation range, RFC 5737). */
export const OFFICE = '198.51.100.7';
export const OFFICE_RANGE = { startIPAddress: '198.51.100.0', endIPAddress: '198.51.100.255' };
export const ELSEWHERE = '203.0.113.5';

/** Creates a range through the API from the office and answers its id. */
export async function createRange(
  t: TestApp,
  u: TestUser,
  body: { name: string; startIPAddress: string; endIPAddress: string },
  from: string = OFFICE,
) {
  return (await apiCaller(t).call(u, ipRangeEndpoints.create, { body, from })).result().id;
}
