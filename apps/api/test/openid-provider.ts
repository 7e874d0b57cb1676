import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A local OpenID Connect provider (oidc-provider) standing in for a tenant's identity provider: discovery,
 * authorization code with PKCE, token, userinfo and JWKS, and a small login form of its own at the
 * interaction URL (a field for the user id or e-mail and a Sign in button), so that a browser — or a
 * test following redirects with fetch — can sign in as one of the accounts. Consent is granted at once.
 *
 * API tests import it; the browser tests import it from plain Node too (`tsx`):
 *   const idp = await startOpenIdProvider({ port: 0, clientId, clientSecret, redirectUri, accounts });
 *   … idp.issuer …; await idp.close();
 */

export interface OpenIdAccount {
  /** The subject (`sub`) the provider gives the account. */
  sub: string;
  email?: string;
  /** Defaults to true. */
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  name?: string;
  /** The `groups` claim (released with the profile scope), as Okta and Entra ID send group names. */
  groups?: string[];
}

export interface OpenIdProviderOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Defaults to 127.0.0.1. */
  host?: string;
  clientId: string;
  clientSecret: string;
  /** The relying party's callback (for Skyvault: PUBLIC_URL + SSO_CALLBACK_PATH); more than one may be given. */
  redirectUri: string | string[];
  accounts: OpenIdAccount[];
}

export interface OpenIdProvider {
  /** http://host:port — the value to enter as the identity provider's issuer. */
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces an account (matched by sub) while the provider runs. */
  setAccount(account: OpenIdAccount): void;
  /** The path of the login form: `${issuer}/interaction/<uid>`. */
  readonly interactionPath: string;
  close(): Promise<void>;
}

/** The form's field and button, for tests that fill it in a browser. */
export const OPENID_LOGIN_FIELD = 'login';
export const OPENID_LOGIN_BUTTON = 'Sign in';
const INTERACTION_PATH = '/interaction';

/** The provider's state, in memory: it lives as long as the provider (one store per provider). */
const memoryAdapter = () => {
  const store = new Map<string, { payload: Record<string, unknown>; expiresAt?: number }>();
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key = (id: string) => `${this.model}:${id}`;
    private read(key: string) {
      const entry = store.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt && entry.expiresAt <= Date.now()) {
        store.delete(key);
        return undefined;
      }
      return entry.payload;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
      const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : undefined;
      store.set(this.key(id), { payload, expiresAt });
      if (payload.grantId) {
        const grant = this.read(`grant:${payload.grantId}`) as { keys?: string[] } | undefined;
        store.set(`grant:${payload.grantId}`, {
          payload: { keys: [...(grant?.keys ?? []), this.key(id)] },
        });
      }
      if (payload.uid) store.set(`uid:${payload.uid}`, { payload: { id }, expiresAt });
      if (payload.userCode) store.set(`userCode:${payload.userCode}`, { payload: { id }, expiresAt });
    }
    async find(id: string) {
      return this.read(this.key(id));
    }
    async findByUid(uid: string) {
      const ref = this.read(`uid:${uid}`) as { id: string } | undefined;
      return ref ? this.find(ref.id) : undefined;
    }
    async findByUserCode(userCode: string) {
      const ref = this.read(`userCode:${userCode}`) as { id: string } | undefined;
      return ref ? this.find(ref.id) : undefined;
    }
    async consume(id: string) {
      const payload = this.read(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      const grant = this.read(`grant:${grantId}`) as { keys?: string[] } | undefined;
      for (const key of grant?.keys ?? []) store.delete(key);
      store.delete(`grant:${grantId}`);
    }
  };
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The form, its field prefilled with the relying party's login_hint (as real providers do). */
function loginPage(uid: string, clientId: string, error?: string, loginHint = '') {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sign in</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<main>
<h1>Sign in</h1>
<p>to continue to ${escapeHtml(clientId)}</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${INTERACTION_PATH}/${escapeHtml(uid)}/login" autocomplete="off">
<label for="${OPENID_LOGIN_FIELD}">User id or e-mail</label>
<input id="${OPENID_LOGIN_FIELD}" name="${OPENID_LOGIN_FIELD}" value="${escapeHtml(loginHint)}" required autofocus>
<button type="submit">${OPENID_LOGIN_BUTTON}</button>
</form>
</main>
</body></html>`;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > 64 * 1024) break;
  }
  return new URLSearchParams(body);
}

const sendHtml = (response: ServerResponse, status: number, html: string) => {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(html);
};

export async function startOpenIdProvider(options: OpenIdProviderOptions): Promise<OpenIdProvider> {
  const host = options.host ?? '127.0.0.1';
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
  const findLogin = (login: string) => {
    const wanted = login.trim().toLowerCase();
    return [...accounts.values()].find(
      (account) => account.sub.toLowerCase() === wanted || account.email?.toLowerCase() === wanted,
    );
  };

  // The port must be known before the provider exists (its issuer names it), so listen first.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: ([] as string[]).concat(options.redirectUri),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'groups'],
    },
    features: { devInteractions: { enabled: false } },
    adapter: memoryAdapter(),
    // Fixed lifetimes (the defaults print a notice each).
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            ...(account.email ? { email: account.email, email_verified: account.emailVerified ?? true } : {}),
            ...(account.givenName ? { given_name: account.givenName } : {}),
            ...(account.familyName ? { family_name: account.familyName } : {}),
            ...(account.name ? { name: account.name } : {}),
            ...(account.groups ? { groups: account.groups } : {}),
          };
        },
      };
    },
    // A short error page without the provider's own layout.
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Error</title><p>${escapeHtml(String(out.error_description ?? out.error))}</p>`;
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  /** Consent is not asked: the scopes the relying party asked for are granted. */
  async function grantConsent(request: IncomingMessage, response: ServerResponse) {
    const details = await provider.interactionDetails(request, response);
    const accountId = details.session?.accountId;
    if (!accountId) throw new Error('consent without a signed-in account');
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('grant not found');
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  async function interaction(request: IncomingMessage, response: ServerResponse, path: string) {
    const [uid, action] = path.slice(INTERACTION_PATH.length + 1).split('/');
    const details = await provider.interactionDetails(request, response);
    if (details.uid !== uid) return sendHtml(response, 400, '<p>Unknown sign-in.</p>');
    if (details.prompt.name === 'consent') return grantConsent(request, response);
    const clientId = String(details.params.client_id ?? '');
    const loginHint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    if (request.method === 'GET' && !action) {
      return sendHtml(response, 200, loginPage(uid, clientId, undefined, loginHint));
    }
    if (request.method === 'POST' && action === 'login') {
      const login = (await readForm(request)).get(OPENID_LOGIN_FIELD) ?? '';
      const account = findLogin(login);
      if (!account) return sendHtml(response, 200, loginPage(uid, clientId, 'Unknown user.'));
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: account.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    sendHtml(response, 404, '<p>Not found.</p>');
  }

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (!path.startsWith(`${INTERACTION_PATH}/`)) {
      callback(request, response);
      return;
    }
    interaction(request, response, path).catch((error: unknown) => {
      if (!response.headersSent) {
        sendHtml(response, 400, `<p>${escapeHtml(error instanceof Error ? error.message : 'Failed')}</p>`);
      } else response.end();
    });
  });

  return {
    issuer,
    port,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    setAccount(account) {
      accounts.set(account.sub, account);
    },
    interactionPath: `${issuer}${INTERACTION_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
