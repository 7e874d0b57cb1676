import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { readForm, sendJson } from './salesforce-stand-in/http.js';
import {
  type SalesforceStandIn,
  STAND_IN_USER,
  startSalesforceStandIn,
} from './salesforce-stand-in/server.js';

/**
 * A local server speaking the parts of Salesforce that connections use: the login service (authorize,
 * which approves at once instead of showing a login form; token with the authorization code and PKCE,
 * and refresh with rotation; revoke; introspect), the identity URL and userinfo, and the REST API's
 * versions, limits and Organization query with the daily usage header. Tests control its clock, its
 * orgs and users, the connected app's policies (token lifetime, idle limit, five approvals per user)
 * and its failures. API tests start it on a free port; the browser tests run this file as a process
 * (`node --import tsx salesforce-stand-in.ts`, port from SALESFORCE_STAND_IN_PORT).
 */

export { type StandInSettings, TOKEN_ERRORS, type TokenErrorName } from './salesforce-stand-in/context.js';
export type { Endpoint, FaultOptions } from './salesforce-stand-in/faults.js';
export type { Eviction } from './salesforce-stand-in/grants.js';
export {
  DEFAULT_ACCESS_TOKEN_TTL_MS,
  DEFAULT_APPROVAL_LIMIT,
  DEFAULT_DAILY_API_REQUESTS,
  DEFAULT_REFRESH_TOKEN_IDLE_DAYS,
  type Duration,
  type StandInClock,
  type StandInUser,
} from './salesforce-stand-in/model.js';
export { API_VERSIONS, LATEST_API_VERSION } from './salesforce-stand-in/rest.js';
export {
  type SalesforceStandIn,
  type SalesforceStandInOptions,
  STAND_IN_CLIENT_ID,
  STAND_IN_CLIENT_SECRET,
  STAND_IN_USER,
  startSalesforceStandIn,
} from './salesforce-stand-in/server.js';

/** Where a browser test sets an org's daily API usage on the stand-in process. */
export const STAND_IN_API_USAGE_PATH = '/__stand-in/api-usage';

/**
 * The process's control endpoint: `POST /__stand-in/api-usage` with a form of `used` or `remaining`,
 * optionally `max` and `orgId` (the default user's org when left out), answered with the org's usage.
 */
async function control(
  standIn: SalesforceStandIn | undefined,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const { pathname } = new URL(request.url ?? '/', 'http://stand-in');
  if (!standIn || request.method !== 'POST' || pathname !== STAND_IN_API_USAGE_PATH) return false;
  const form = await readForm(request);
  const number = (name: string) => (form.has(name) ? Number(form.get(name)) : undefined);
  const orgId = form.get('orgId') ?? STAND_IN_USER.orgId;
  standIn.setApiUsage(orgId, { used: number('used'), remaining: number('remaining'), max: number('max') });
  sendJson(response, 200, standIn.apiUsage(orgId));
  return true;
}

// Run as a process by the browser tests' web server list.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  let running: SalesforceStandIn | undefined;
  const standIn = await startSalesforceStandIn({
    port: Number(process.env.SALESFORCE_STAND_IN_PORT ?? 8189),
    clientId: process.env.SALESFORCE_CLIENT_ID || undefined,
    clientSecret: process.env.SALESFORCE_CLIENT_SECRET || undefined,
    control: (request, response) => control(running, request, response),
  });
  running = standIn;
  process.stdout.write(`Salesforce stand-in listening on ${standIn.url}\n`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
