import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';

/**
 * A local OAuth 2.0 server speaking the parts of Salesforce's login service the API uses: authorize
 * (which approves at once instead of showing a login form), token (authorization code with PKCE, and
 * refresh), userinfo, the identity URL and revoke. API tests start it on a free port; the browser tests
 * run this file as a process (`node --import tsx salesforce-stand-in.ts`, port from
 * SALESFORCE_STAND_IN_PORT).
 */

export interface StandInUser {
  username: string;
  userId: string;
  orgId: string;
}

export interface SalesforceStandInOptions {
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  user?: StandInUser;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  user: StandInUser;
  expiresAt: number;
}

interface IssuedToken {
  user: StandInUser;
  kind: 'access' | 'refresh';
  /** An access token's refresh token: revoking that one ends this one too. */
  refreshToken?: string;
}

export const STAND_IN_CLIENT_ID = 'stand-in-client-id';
export const STAND_IN_CLIENT_SECRET = 'stand-in-client-secret';
export const STAND_IN_USER: StandInUser = {
  username: 'admin@acme.example.com',
  userId: '005000000000001AAA',
  orgId: '00D000000000001EAA',
};

const random = () => randomBytes(24).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

const oauthError = (response: ServerResponse, status: number, error: string, description: string) =>
  sendJson(response, status, { error, error_description: description });

export async function startSalesforceStandIn(options: SalesforceStandInOptions = {}) {
  const clientId = options.clientId ?? STAND_IN_CLIENT_ID;
  const clientSecret = options.clientSecret ?? STAND_IN_CLIENT_SECRET;
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, IssuedToken>();
  const revoked: string[] = [];
  let url = '';

  const state = {
    /** Who the next login is made as. */
    user: options.user ?? STAND_IN_USER,
    /** What the authorize page answers the next logins with. */
    decision: 'approve' as 'approve' | 'deny',
  };

  function authorize(query: URLSearchParams, response: ServerResponse) {
    const redirectUri = query.get('redirect_uri') ?? '';
    const codeChallenge = query.get('code_challenge') ?? '';
    if (query.get('client_id') !== clientId || !URL.canParse(redirectUri)) {
      response.writeHead(400, { 'content-type': 'text/plain' });
      return response.end('error=invalid_client_id');
    }
    const back = new URL(redirectUri);
    const refuse = (error: string, description: string) => {
      back.search = new URLSearchParams({ error, error_description: description }).toString();
    };
    if (query.get('response_type') !== 'code')
      refuse('unsupported_response_type', 'response type not supported');
    else if (query.get('code_challenge_method') !== 'S256' || !codeChallenge)
      refuse('invalid_request', 'missing required code challenge');
    else if (state.decision === 'deny') refuse('access_denied', 'end-user denied authorization');
    else {
      const code = random();
      codes.set(code, {
        clientId,
        redirectUri,
        codeChallenge,
        user: state.user,
        expiresAt: Date.now() + 900_000,
      });
      back.searchParams.set('code', code);
    }
    const stateParam = query.get('state');
    if (stateParam !== null) back.searchParams.set('state', stateParam);
    response.writeHead(302, { location: back.toString() });
    response.end();
  }

  function issue(response: ServerResponse, user: StandInUser, refreshToken?: string) {
    const accessToken = random();
    const refresh = refreshToken ?? random();
    tokens.set(accessToken, { user, kind: 'access', refreshToken: refresh });
    if (!refreshToken) tokens.set(refresh, { user, kind: 'refresh' });
    sendJson(response, 200, {
      access_token: accessToken,
      ...(refreshToken ? {} : { refresh_token: refresh }),
      signature: random(),
      scope: 'api refresh_token',
      instance_url: url,
      id: `${url}/id/${user.orgId}/${user.userId}`,
      token_type: 'Bearer',
      issued_at: String(Date.now()),
    });
  }

  async function token(request: IncomingMessage, response: ServerResponse) {
    const form = await readForm(request);
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return oauthError(response, 400, 'invalid_client', 'invalid client credentials');
    }
    if (form.get('grant_type') === 'refresh_token') {
      const held = tokens.get(form.get('refresh_token') ?? '');
      if (held?.kind !== 'refresh')
        return oauthError(response, 400, 'invalid_grant', 'expired access/refresh token');
      return issue(response, held.user, form.get('refresh_token')!);
    }
    if (form.get('grant_type') !== 'authorization_code') {
      return oauthError(response, 400, 'unsupported_grant_type', 'grant type not supported');
    }
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    // A code works once, whatever the outcome.
    codes.delete(code);
    if (!issued || issued.expiresAt < Date.now()) {
      return oauthError(response, 400, 'invalid_grant', 'expired authorization code');
    }
    if (form.get('redirect_uri') !== issued.redirectUri) {
      return oauthError(response, 400, 'invalid_grant', 'redirect_uri must match configuration');
    }
    if (s256(form.get('code_verifier') ?? '') !== issued.codeChallenge) {
      return oauthError(response, 400, 'invalid_grant', 'invalid code verifier');
    }
    issue(response, issued.user);
  }

  function bearer(request: IncomingMessage) {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const held = match ? tokens.get(match[1]!) : undefined;
    return held?.kind === 'access' ? held.user : null;
  }

  function identity(request: IncomingMessage, response: ServerResponse, path: string) {
    const user = bearer(request);
    if (!user) return sendJson(response, 403, [{ message: 'Bad_OAuth_Token', errorCode: 'Bad_OAuth_Token' }]);
    const id = `${url}/id/${user.orgId}/${user.userId}`;
    if (path === '/services/oauth2/userinfo') {
      return sendJson(response, 200, {
        sub: id,
        user_id: user.userId,
        organization_id: user.orgId,
        preferred_username: user.username,
        email: user.username,
      });
    }
    if (path !== `/id/${user.orgId}/${user.userId}`)
      return sendJson(response, 403, [{ errorCode: 'FORBIDDEN' }]);
    sendJson(response, 200, {
      id,
      asserted_user: true,
      user_id: user.userId,
      organization_id: user.orgId,
      username: user.username,
    });
  }

  async function revoke(request: IncomingMessage, response: ServerResponse) {
    const token = (await readForm(request)).get('token') ?? '';
    const held = tokens.get(token);
    if (!held) return oauthError(response, 400, 'unsupported_token_type', 'this token type is not supported');
    tokens.delete(token);
    revoked.push(token);
    for (const [other, value] of tokens) if (value.refreshToken === token) tokens.delete(other);
    response.writeHead(200);
    response.end();
  }

  const server = createServer((request, response) => {
    const { pathname, searchParams } = new URL(request.url ?? '/', 'http://stand-in');
    const route = `${request.method} ${pathname}`;
    const handled = (async () => {
      if (route === 'GET /healthz') return sendJson(response, 200, { status: 'ok' });
      if (route === 'GET /services/oauth2/authorize') return authorize(searchParams, response);
      if (route === 'POST /services/oauth2/token') return token(request, response);
      if (route === 'POST /services/oauth2/revoke') return revoke(request, response);
      if (
        request.method === 'GET' &&
        (pathname === '/services/oauth2/userinfo' || pathname.startsWith('/id/'))
      ) {
        return identity(request, response, pathname);
      }
      sendJson(response, 404, { error: 'not_found' });
    })();
    handled.catch(() => {
      if (!response.headersSent) sendJson(response, 500, { error: 'server_error' });
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as { port: number };
  url = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    url,
    clientId,
    clientSecret,
    state,
    revoked,
    /** Whether a token still works at this server. */
    isActive: (token: string) => tokens.has(token),
    /** The environment that points the API at this server, for both kinds of org. */
    env: () => ({
      SALESFORCE_LOGIN_URL: url,
      SALESFORCE_SANDBOX_LOGIN_URL: url,
      SALESFORCE_CLIENT_ID: clientId,
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
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type SalesforceStandIn = Awaited<ReturnType<typeof startSalesforceStandIn>>;

// Run as a process by the browser tests' web server list.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = await startSalesforceStandIn({
    port: Number(process.env.SALESFORCE_STAND_IN_PORT ?? 8189),
    clientId: process.env.SALESFORCE_CLIENT_ID || undefined,
    clientSecret: process.env.SALESFORCE_CLIENT_SECRET || undefined,
  });
  process.stdout.write(`Salesforce stand-in listening on ${standIn.url}\n`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
