import type { IncomingMessage, ServerResponse } from 'node:http';
import { identityUrl, type StandInContext } from './context.js';
import type { Endpoint } from './faults.js';
import type { AccessToken } from './grants.js';
import { restError, sendJson } from './http.js';
import type { Org, User } from './model.js';

/**
 * Salesforce's REST API as far as a connection's health needs it — the versions list, the resources
 * of a version, limits and a query of the Organization — and the identity URL and userinfo.
 */

/** The API versions the stand-in serves: 31.0 (the oldest Salesforce still serves) to 64.0. */
export const API_VERSIONS = Array.from({ length: 64 - 31 + 1 }, (_, i) => `${31 + i}.0`);
export const LATEST_API_VERSION = API_VERSIONS.at(-1)!;

/** Three releases a year: 59.0 was Winter '24, 60.0 Spring '24, 61.0 Summer '24. */
function releaseLabel(version: string) {
  const k = Number.parseInt(version, 10) - 59;
  const season = ['Winter', 'Spring', 'Summer'][((k % 3) + 3) % 3];
  return `${season} '${24 + Math.floor(k / 3)}`;
}

const SESSION_INVALID = restError('INVALID_SESSION_ID', 'Session expired or invalid');

const ORGANIZATION_FIELDS = ['Id', 'Name', 'IsSandbox', 'OrganizationType', 'InstanceName'] as const;

export function createRest(context: StandInContext) {
  const { grants, directory } = context;

  function bearer(request: IncomingMessage): AccessToken | null {
    const match = /^(?:Bearer|OAuth) (.+)$/i.exec(request.headers.authorization ?? '');
    return match ? grants.access(match[1]!) : null;
  }

  /**
   * Counts the call against the org's daily requests and answers with the usage header every REST
   * answer carries; past the limit Salesforce refuses the call (and does not count it).
   */
  function metered(response: ServerResponse, org: Org, answer: () => { status: number; body: unknown }) {
    let used = directory.apiUsed(org);
    const limitInfo = () => ({ 'sforce-limit-info': `api-usage=${used}/${org.apiMax}` });
    if (used >= org.apiMax) {
      return sendJson(
        response,
        403,
        restError('REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.'),
        limitInfo(),
      );
    }
    org.apiCalls.push({ at: context.clock.now(), count: 1 });
    used += 1;
    const { status, body } = answer();
    sendJson(response, status, body, limitInfo());
  }

  const limitsOf = (org: Org) => {
    const used = directory.apiUsed(org);
    return {
      DailyApiRequests: { Max: org.apiMax, Remaining: Math.max(org.apiMax - used, 0) },
      DailyAsyncApexExecutions: { Max: 250_000, Remaining: 250_000 },
      DailyBulkApiBatches: { Max: 15_000, Remaining: 15_000 },
      DailyBulkV2QueryJobs: { Max: 10_000, Remaining: 10_000 },
      DataStorageMB: { Max: 5, Remaining: 5 },
      FileStorageMB: { Max: 20, Remaining: 20 },
    };
  };

  /** `SELECT <fields> FROM Organization`: whether the org is a sandbox, its name and instance. */
  function query(user: User, soql: string) {
    const parsed = /^\s*SELECT\s+(.+?)\s+FROM\s+(\w+)\s*(?:LIMIT\s+\d+\s*)?$/i.exec(soql);
    if (!parsed)
      return { status: 400, body: restError('MALFORMED_QUERY', `unexpected token: '${soql.slice(0, 40)}'`) };
    if (parsed[2]!.toLowerCase() !== 'organization') {
      return {
        status: 400,
        body: restError('INVALID_TYPE', `sObject type '${parsed[2]}' is not supported.`),
      };
    }
    const org = user.org;
    const values: Record<(typeof ORGANIZATION_FIELDS)[number], unknown> = {
      Id: org.id,
      Name: org.name,
      IsSandbox: org.sandbox,
      OrganizationType: org.sandbox ? 'Developer Edition' : 'Enterprise Edition',
      InstanceName: org.sandbox ? 'CS42' : 'NA42',
    };
    const record: Record<string, unknown> = {
      attributes: {
        type: 'Organization',
        url: `/services/data/v${LATEST_API_VERSION}/sobjects/Organization/${org.id}`,
      },
    };
    for (const field of parsed[1]!.split(',').map((f) => f.trim())) {
      const known = ORGANIZATION_FIELDS.find((f) => f.toLowerCase() === field.toLowerCase());
      if (!known)
        return {
          status: 400,
          body: restError('INVALID_FIELD', `No such column '${field}' on entity 'Organization'.`),
        };
      record[known] = values[known];
    }
    return { status: 200, body: { totalSize: 1, done: true, records: [record] } };
  }

  /** /services/data/vXX.X/…: answers the endpoint name for the call counters and faults. */
  function dataEndpoint(pathname: string): { endpoint: Endpoint; version?: string; rest?: string } {
    if (pathname === '/services/data' || pathname === '/services/data/') return { endpoint: 'versions' };
    const match = /^\/services\/data\/v(\d+\.\d)(\/.*)?$/.exec(pathname);
    const rest = (match?.[2] ?? '/').replace(/\/+$/, '') || '/';
    const endpoint = rest === '/limits' ? 'limits' : rest === '/query' ? 'query' : 'resources';
    return { endpoint, version: match?.[1], rest };
  }

  function data(
    request: IncomingMessage,
    response: ServerResponse,
    pathname: string,
    search: URLSearchParams,
  ) {
    const { endpoint, version, rest } = dataEndpoint(pathname);
    // The versions list is free: no session, no usage header, not counted.
    if (endpoint === 'versions') {
      return sendJson(
        response,
        200,
        API_VERSIONS.map((v) => ({ label: releaseLabel(v), url: `/services/data/v${v}`, version: v })),
      );
    }
    const session = bearer(request);
    if (!session) return sendJson(response, 401, SESSION_INVALID, { 'www-authenticate': 'Token' });
    const user = session.approval.user;
    metered(response, user.org, () => {
      if (!version || !API_VERSIONS.includes(version))
        return { status: 404, body: restError('NOT_FOUND', 'The requested resource does not exist') };
      const base = `/services/data/v${version}`;
      if (endpoint === 'limits') {
        if (!user.viewSetup) {
          return {
            status: 403,
            body: restError(
              'INSUFFICIENT_ACCESS',
              'The REST API limits resource requires the View Setup and Configuration permission.',
            ),
          };
        }
        return { status: 200, body: limitsOf(user.org) };
      }
      if (endpoint === 'query') return query(user, search.get('q') ?? '');
      if (rest !== '/')
        return { status: 404, body: restError('NOT_FOUND', 'The requested resource does not exist') };
      return {
        status: 200,
        body: {
          limits: `${base}/limits`,
          query: `${base}/query`,
          sobjects: `${base}/sobjects`,
          tooling: `${base}/tooling`,
          search: `${base}/search`,
          recent: `${base}/recent`,
        },
      };
    });
  }

  /** The identity URL's answer for a user: who they are, in which org, and where their APIs are. */
  function identityOf(user: User) {
    const instance = context.url();
    const org = user.org.id;
    return {
      id: identityUrl(context, user),
      asserted_user: true,
      user_id: user.userId,
      organization_id: org,
      username: user.username,
      nick_name: user.username.split('@')[0],
      display_name: user.username,
      email: user.username,
      email_verified: true,
      active: user.status === 'active',
      user_type: 'STANDARD',
      language: 'en_US',
      locale: 'en_US',
      utcOffset: 0,
      urls: {
        enterprise: `${instance}/services/Soap/c/{version}/${org}`,
        metadata: `${instance}/services/Soap/m/{version}/${org}`,
        partner: `${instance}/services/Soap/u/{version}/${org}`,
        rest: `${instance}/services/data/v{version}/`,
        sobjects: `${instance}/services/data/v{version}/sobjects/`,
        search: `${instance}/services/data/v{version}/search/`,
        query: `${instance}/services/data/v{version}/query/`,
        recent: `${instance}/services/data/v{version}/recent/`,
        tooling_soap: `${instance}/services/Soap/T/{version}/${org}`,
        tooling_rest: `${instance}/services/data/v{version}/tooling/`,
        profile: `${instance}/${user.userId}`,
        custom_domain: instance,
      },
      is_app_installed: true,
    };
  }

  /** The identity URL and userinfo belong to the login service: no usage header, not counted. */
  function identity(request: IncomingMessage, response: ServerResponse, pathname: string) {
    const session = bearer(request);
    if (!session) return sendJson(response, 403, restError('Bad_OAuth_Token', 'Bad_OAuth_Token'));
    const user = session.approval.user;
    if (pathname === '/services/oauth2/userinfo') {
      const { id, user_id, organization_id, username, email, email_verified, active, urls } =
        identityOf(user);
      return sendJson(response, 200, {
        sub: id,
        user_id,
        organization_id,
        preferred_username: username,
        nickname: username.split('@')[0],
        email,
        email_verified,
        active,
        urls,
      });
    }
    const [, orgId, userId] = pathname.split('/').slice(1);
    // The token's org only, by its current id: after a sandbox refresh the old URL is another org.
    if (orgId !== user.org.id) return sendJson(response, 403, restError('Wrong_Org', 'Wrong_Org'));
    const named = user.org.users.get(userId ?? '');
    if (!named) return sendJson(response, 404, restError('Bad_Id', 'Bad_Id'));
    sendJson(response, 200, identityOf(named));
  }

  return { endpointOf: (pathname: string) => dataEndpoint(pathname).endpoint, data, identity };
}
