import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  type IssuedCode,
  type StandInContext,
  type StandInSettings,
  TOKEN_ERRORS,
  type TokenErrorName,
} from './context.js';
import { createFaults, type Endpoint } from './faults.js';
import { createGrants } from './grants.js';
import { readForm, restError, sendJson } from './http.js';
import {
  createClock,
  createDirectory,
  DAY_MS,
  DEFAULT_ACCESS_TOKEN_TTL_MS,
  DEFAULT_APPROVAL_LIMIT,
  DEFAULT_REFRESH_TOKEN_IDLE_DAYS,
  type StandInUser,
} from './model.js';
import { createOAuth } from './oauth.js';
import { createRest } from './rest.js';

export interface SalesforceStandInOptions extends Partial<StandInSettings> {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  /** Who logs in at the authorize page until a test says otherwise. */
  user?: StandInUser;
  /** Whether the default user's org is a sandbox. */
  sandbox?: boolean;
  /**
   * Asked first about every request: answers true when it answered the request itself (the browser
   * tests' control endpoints, which steer a stand-in running as a process of its own).
   */
  control?: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;
}

export const STAND_IN_CLIENT_ID = 'stand-in-client-id';
export const STAND_IN_CLIENT_SECRET = 'stand-in-client-secret';
export const STAND_IN_USER: StandInUser = {
  username: 'admin@acme.example.com',
  userId: '005000000000001AAA',
  orgId: '00D000000000001EAA',
};

type Counted = Endpoint | 'refreshGrant' | 'codeGrant';
const COUNTED: Counted[] = [
  'authorize',
  'token',
  'refreshGrant',
  'codeGrant',
  'revoke',
  'introspect',
  'versions',
  'resources',
  'limits',
  'query',
  'identity',
  'userinfo',
];

/** Which endpoint a request is for, or null for the stand-in's own and unknown paths. */
function endpointOf(
  method: string,
  pathname: string,
  dataEndpoint: (p: string) => Endpoint,
): Endpoint | null {
  if (pathname === '/services/oauth2/authorize' && method === 'GET') return 'authorize';
  if (pathname === '/services/oauth2/token' && method === 'POST') return 'token';
  if (pathname === '/services/oauth2/revoke' && (method === 'POST' || method === 'GET')) return 'revoke';
  if (pathname === '/services/oauth2/introspect' && method === 'POST') return 'introspect';
  if (pathname === '/services/oauth2/userinfo' && method === 'GET') return 'userinfo';
  if (/^\/id\/[^/]+\/[^/]+$/.test(pathname) && method === 'GET') return 'identity';
  if ((pathname === '/services/data' || pathname.startsWith('/services/data/')) && method === 'GET')
    return dataEndpoint(pathname);
  return null;
}

/** A 5xx as Salesforce answers it: a JSON error list on the REST API, a plain page on the login service. */
function sendOutage(response: ServerResponse, endpoint: Endpoint, status: number) {
  if (['versions', 'resources', 'limits', 'query'].includes(endpoint)) {
    return sendJson(
      response,
      status,
      status === 503
        ? restError('SERVER_UNAVAILABLE', 'Server temporarily unavailable.')
        : restError(
            'UNKNOWN_EXCEPTION',
            'An unexpected error occurred. Please include this ErrorId if you contact support: 1234567890-12345 (-1234567890)',
          ),
    );
  }
  response.writeHead(status, { 'content-type': 'text/html;charset=UTF-8' });
  response.end('<html><body>Service temporarily unavailable. Please try again later.</body></html>');
}

export async function startSalesforceStandIn(options: SalesforceStandInOptions = {}) {
  const clock = createClock();
  const directory = createDirectory(clock);
  let clientSecret = options.clientSecret ?? STAND_IN_CLIENT_SECRET;
  let url = '';
  const defaultUser = options.user ?? STAND_IN_USER;
  directory.addOrg({ orgId: defaultUser.orgId, sandbox: options.sandbox });

  const context: StandInContext = {
    url: () => url,
    clientId: options.clientId ?? STAND_IN_CLIENT_ID,
    clientSecret: () => clientSecret,
    settings: {
      accessTokenTtlMs: options.accessTokenTtlMs ?? DEFAULT_ACCESS_TOKEN_TTL_MS,
      refreshTokenIdleDays: options.refreshTokenIdleDays ?? DEFAULT_REFRESH_TOKEN_IDLE_DAYS,
      approvalLimit: options.approvalLimit ?? DEFAULT_APPROVAL_LIMIT,
      rotateRefreshTokens: options.rotateRefreshTokens ?? true,
    },
    clock,
    directory,
    grants: createGrants(clock),
    faults: createFaults(),
    state: {
      /** Who the next login is made as. */
      user: defaultUser,
      /** What the authorize page answers the next logins with. */
      decision: 'approve',
    },
    codes: new Map<string, IssuedCode>(),
    tokenErrors: [],
    revoked: [],
  };
  const { grants, faults, settings, state } = context;
  const oauth = createOAuth(context);
  const rest = createRest(context);
  const calls = Object.fromEntries(COUNTED.map((name) => [name, 0])) as Record<Counted, number>;
  const delays = new Set<NodeJS.Timeout>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        delays.delete(timer);
        resolve();
      }, ms);
      delays.add(timer);
    });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const { pathname, searchParams } = new URL(request.url ?? '/', 'http://stand-in');
    const method = request.method ?? 'GET';
    if (await options.control?.(request, response)) return;
    if (method === 'GET' && pathname === '/healthz') return sendJson(response, 200, { status: 'ok' });
    const endpoint = endpointOf(method, pathname, rest.endpointOf);
    if (!endpoint)
      return sendJson(response, 404, restError('NOT_FOUND', 'The requested resource does not exist'));
    calls[endpoint] += 1;
    // The whole request is in before any delay: a late answer still acts on it.
    const form = method === 'POST' ? await readForm(request) : searchParams;
    if (endpoint === 'token' && form.get('grant_type') === 'refresh_token') calls.refreshGrant += 1;
    if (endpoint === 'token' && form.get('grant_type') === 'authorization_code') calls.codeGrant += 1;
    const fault = faults.take(endpoint);
    if (fault?.delayMs) await wait(fault.delayMs);
    if (fault?.status) return sendOutage(response, endpoint, fault.status);
    switch (endpoint) {
      case 'authorize':
        return oauth.authorize(searchParams, response);
      case 'token':
        return oauth.token(request, form, response);
      case 'revoke':
        return oauth.revoke(form, response);
      case 'introspect':
        return oauth.introspect(request, form, response);
      case 'identity':
      case 'userinfo':
        return rest.identity(request, response, pathname);
      default:
        return rest.data(request, response, pathname, searchParams);
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendJson(response, 500, { error: 'server_error' });
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as { port: number };
  url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  const userOf = (user: StandInUser) => directory.user(user);

  return {
    url,
    clientId: context.clientId,
    /** The secret the stand-in accepts now (see `setClientSecret`). */
    get clientSecret() {
      return clientSecret;
    },
    state,
    /** The connected app's policies; tests may change them at any time. */
    settings,
    /** The stand-in's time, which token lifetimes, the idle limit and the daily API window run on. */
    clock,
    /** Tokens revoked through the revoke endpoint, in order. */
    revoked: context.revoked,
    /** Refresh tokens revoked by a sixth approval of the same user, in order. */
    evicted: grants.evicted,
    /** Calls per endpoint (and per grant type of the token endpoint) since the start or `resetCalls`. */
    calls,
    resetCalls() {
      for (const name of COUNTED) calls[name] = 0;
    },
    /** Whether a token still works at this server. */
    isActive(token: string) {
      if (grants.access(token)) return true;
      const approval = grants.isCurrent(token) ? grants.byRefreshToken(token) : undefined;
      return Boolean(
        approval &&
          !approval.ended &&
          grants.userAllows(approval) &&
          !grants.idle(approval, settings.refreshTokenIdleDays * DAY_MS),
      );
    },
    /** The live approvals (refresh tokens) a user holds, least recently used first. */
    approvalsOf(user: StandInUser) {
      const record = userOf(user);
      return grants.approvals
        .filter((a) => a.user === record && !a.ended)
        .sort((a, b) => a.lastUsedAt - b.lastUsedAt)
        .map((a) => ({ refreshToken: a.refreshToken, createdAt: a.createdAt, lastUsedAt: a.lastUsedAt }));
    },

    /** A user of a new org, or of an existing one (`orgId`); ids are made up when not given. */
    addUser: (user: { username?: string; userId?: string; orgId?: string; sandbox?: boolean } = {}) =>
      directory.addUser(user),
    /** A new org; answers its id. */
    addOrg: (org: { orgId?: string; sandbox?: boolean; name?: string; apiMax?: number } = {}) =>
      directory.addOrg(org).id,
    /**
     * A grant as a finished login leaves it, without the browser's round trip: an approval of `user`
     * and an access token issued from it. For a bench that seeds thousands of connections at once.
     */
    issueGrant(user: StandInUser) {
      const approval = grants.approve(userOf(user), 'api refresh_token', settings.approvalLimit);
      const access = grants.issueAccess(approval, settings.accessTokenTtlMs);
      return {
        refreshToken: approval.refreshToken,
        accessToken: access.token,
        instanceUrl: url,
        expiresAt: access.expiresAt,
      };
    },
    /** The next logins at the authorize page are made as this user. */
    loginAs(user: StandInUser) {
      state.user = user;
    },
    /** An org's current id, found by any id it had. */
    orgId: (orgId: string) => directory.findOrg(orgId).id,
    /**
     * A sandbox refresh: the org gets a new id (answered), which later token answers and identity URLs
     * name. Its tokens keep working unless `revokeTokens` (a refreshed sandbox starts without them).
     */
    refreshSandbox(orgId: string, refresh: { newId?: string; revokeTokens?: boolean } = {}) {
      const org = directory.findOrg(orgId);
      if (refresh.revokeTokens) grants.endOrg(org);
      return directory.changeOrgId(orgId, refresh.newId);
    },
    /** Sets an org's daily API allocation and what of it is used (by `used` or `remaining`). */
    setApiUsage: (orgId: string, usage: { max?: number; used?: number; remaining?: number }) =>
      directory.setApiUsage(orgId, usage),
    /** An org's API requests in the last 24 hours and its daily allocation. */
    apiUsage(orgId: string) {
      const org = directory.findOrg(orgId);
      return { used: directory.apiUsed(org), max: org.apiMax };
    },
    /**
     * Deactivates a user: their sessions end and their grants answer invalid_grant "authentication
     * failure" (or `inactive_user`, the other way Salesforce words it).
     */
    deactivateUser(
      user: StandInUser,
      answer: 'authentication_failure' | 'inactive_user' = 'authentication_failure',
    ) {
      const record = userOf(user);
      record.status = 'deactivated';
      record.inactiveAnswer = answer;
    },
    reactivateUser(user: StandInUser) {
      userOf(user).status = 'active';
    },
    /** A password change: what the user approved before it answers invalid_grant "authentication failure". */
    changePassword(user: StandInUser) {
      userOf(user).validAfter = clock.now() + 1;
    },
    /** Takes or gives back "View Setup and Configuration", which the limits resource needs. */
    setViewSetup(user: StandInUser, allowed: boolean) {
      userOf(user).viewSetup = allowed;
    },
    /** Locks (false) or unlocks an org: a locked org's grants answer inactive_org. */
    setOrgActive(orgId: string, active: boolean) {
      directory.findOrg(orgId).active = active;
    },
    /** Revokes a refresh token (with its access tokens) or an access token, as an admin in Setup would. */
    revokeToken: (token: string) => grants.revoke(token),
    /** The connected app's consumer secret changes: calls with the old one answer invalid_client. */
    setClientSecret(secret: string) {
      clientSecret = secret;
    },
    /**
     * Makes the token endpoint answer one of Salesforce's errors, for everyone or only for a user, an
     * org or a refresh token; once by default, `times: Infinity` until cleared.
     */
    failTokens(
      error: TokenErrorName,
      where: { user?: StandInUser; orgId?: string; refreshToken?: string; times?: number } = {},
    ) {
      const rule = {
        answer: TOKEN_ERRORS[error],
        userId: where.user?.userId,
        orgId: where.orgId ?? where.user?.orgId,
        refreshToken: where.refreshToken,
        remaining: where.times ?? 1,
      };
      context.tokenErrors.push(rule);
      return {
        clear: () => {
          const at = context.tokenErrors.indexOf(rule);
          if (at >= 0) context.tokenErrors.splice(at, 1);
        },
      };
    },
    /** 5xx answers and slow answers on demand (see FaultOptions). */
    faults: { add: faults.add, clear: faults.clear },
    /** The environment that points the API at this server, for both kinds of org. */
    env: () => ({
      SALESFORCE_LOGIN_URL: url,
      SALESFORCE_SANDBOX_LOGIN_URL: url,
      SALESFORCE_CLIENT_ID: context.clientId,
      SALESFORCE_CLIENT_SECRET: clientSecret,
    }),
    /** Opens a login address as the browser would and answers where the stand-in sends it back to. */
    async follow(loginUri: string): Promise<URL> {
      const response = await fetch(loginUri, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) throw new Error(`authorize answered ${response.status}`);
      return new URL(location);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of delays) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type SalesforceStandIn = Awaited<ReturnType<typeof startSalesforceStandIn>>;
