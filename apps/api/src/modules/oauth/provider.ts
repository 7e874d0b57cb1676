import type { IncomingMessage } from 'node:http';
import { ERROR_MESSAGES } from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import {
  DATABASE_BUSY_RETRY_AFTER_SECONDS,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseBusy,
  isDatabaseUnavailable,
} from '../../db/unavailable.js';
import type { Actor } from '../../lib/context.js';
import { SealedValueError } from '../../platform/secrets/sealed-value-error.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { accountIdOf, CLAIMS, createFindAccount, parseAccountId } from './accounts.js';
import { OidcModelAdapter } from './adapter.js';
import { ApplicationClientAdapter, CLIENT_EXTRA_PROPERTIES, extraOf, OFFLINE_ACCESS } from './clients.js';
import { errorPage, logoutPage, logoutSuccessPage } from './pages.js';
import type { PrivateJwk } from './signing-keys.js';

/** Where the authorization server lives under the API; the issuer is PUBLIC_URL plus this. */
export const OAUTH_PREFIX = '/oauth';
export const interactionPath = (uid: string) => `${OAUTH_PREFIX}/interaction/${encodeURIComponent(uid)}`;

const HOUR = 60 * 60;
/** Grants outlive the longest refresh token an app may have (365 days, SPEC.md §9). */
const GRANT_TTL = 366 * 24 * HOUR;

export interface ProviderDeps {
  config: Config;
  database: Database;
  secrets: SecretBox;
  keys: PrivateJwk[];
  log: FastifyBaseLogger;
  /** The console user signed in on the browser behind a request, if any. */
  consoleActor: (req: IncomingMessage) => Promise<Actor | null>;
}

/** The oidc-provider package, imported at run time (see importOidcProvider). */
export type OidcProviderModule = typeof import('oidc-provider');

/**
 * oidc-provider announces on import that it prefers Node.js 22; the platform runs on Node.js 20 (see
 * ARCHITECTURE §1) and its tests pass there, so that line is dropped rather than greet every start and
 * break the one-line start-up errors. Imported on demand so that the filter is in place first.
 */
export async function importOidcProvider(): Promise<OidcProviderModule> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
  };
  try {
    return await import('oidc-provider');
  } finally {
    console.warn = warn;
  }
}

/**
 * The interaction policy: oidc-provider's own (login, consent) plus two rules of ours. The
 * authorization server's session follows the console's: once the console session ends (sign-out,
 * timeout, disabled user) or another user signs in, the next authorization asks again. And a user
 * may authorize only an app of their own tenant unless the app is multi-tenant.
 */
function policy({ interactionPolicy }: OidcProviderModule, consoleActor: ProviderDeps['consoleActor']) {
  const { Check } = interactionPolicy;
  const prompts = interactionPolicy.base();
  prompts.get('login')!.checks.add(
    new Check('console_session', 'the console session has ended', 'login_required', async (ctx) => {
      const actor = await consoleActor(ctx.req);
      return !actor || accountIdOf(actor) !== ctx.oidc.session?.accountId
        ? Check.REQUEST_PROMPT
        : Check.NO_NEED_TO_PROMPT;
    }),
  );
  prompts.get('consent')!.checks.add(
    new Check('tenant_access', 'the application is not available to this user', 'access_denied', (ctx) => {
      const client = extraOf(ctx.oidc.client);
      const who = parseAccountId(ctx.oidc.session?.accountId ?? '');
      return !client.multi_tenant && who?.tenantId !== client.tenant_id
        ? Check.REQUEST_PROMPT
        : Check.NO_NEED_TO_PROMPT;
    }),
  );
  return prompts;
}

/**
 * Mark a request that failed because the database could not be reached or was busy, or because a
 * stored secret did not open with the configured keys (the provider's ctx.state): each answers 503, not 500.
 */
const DATABASE_DOWN = 'skyvaultDatabaseDown';
const SECRET_SEALED_AWAY = 'skyvaultSecretSealedAway';

function html(ctx: KoaContextWithOIDC, body: string) {
  ctx.type = 'html';
  ctx.body = body;
}

/**
 * The OAuth 2.0 / OpenID Connect server of Connected Apps (ARCHITECTURE §4, RFC 9700): code flow with
 * PKCE S256 only, exact redirect URIs, confidential clients, refresh tokens only with offline_access and
 * rotated on every use (a replayed one revokes the grant), each app's own token lifetimes. Everything
 * it keeps lives in PostgreSQL, so any number of API processes share it.
 */
export function createProvider(oidc: OidcProviderModule, deps: ProviderDeps): Provider {
  const { config, database, secrets } = deps;
  const clients = new ApplicationClientAdapter(database, secrets);
  const configuration: Configuration = {
    adapter: (name: string) =>
      name === 'Client'
        ? clients
        : new OidcModelAdapter(
            database,
            name,
            () => new oidc.errors.InvalidGrant('grant request is invalid'),
          ),
    jwks: { keys: deps.keys } as unknown as Configuration['jwks'],
    // Signed cookies with a key derived from SECRETS_KEY: stable across restarts and processes.
    cookies: {
      // Signed with the current key's; the previous SECRETS_KEY's still verifies during a rotation.
      keys: secrets.macs('oauth:cookie-signing'),
      names: { session: 'oauth_session', interaction: 'oauth_interaction', resume: 'oauth_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    scopes: ['openid', 'email', 'profile', OFFLINE_ACCESS],
    claims: CLAIMS,
    responseTypes: ['code'],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    allowOmittingSingleRegisteredRedirectUri: false,
    pkce: { required: () => true },
    extraClientMetadata: {
      properties: CLIENT_EXTRA_PROPERTIES,
      validator(_ctx, key, value) {
        const ok =
          key === 'multi_tenant'
            ? typeof value === 'boolean'
            : key.endsWith('_ttl')
              ? Number.isSafeInteger(value) && (value as number) > 0
              : typeof value === 'string';
        if (!ok) throw new Error(`invalid client metadata ${key}`);
      },
    },
    findAccount: createFindAccount(database),
    interactions: {
      url: (_ctx, interaction) => interactionPath(interaction.uid),
      policy: policy(oidc, deps.consoleActor),
    },
    rotateRefreshToken: true,
    // Connected apps are server-side (confidential) clients: no browser calls the token endpoints.
    clientBasedCORS: () => false,
    ttl: {
      AccessToken: (_ctx, _token, client) => extraOf(client).access_token_ttl,
      // A refresh token's lifetime counts from the sign-in: rotation hands on what is left of it.
      RefreshToken: (ctx, _token, client) =>
        ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? extraOf(client).refresh_token_ttl,
      AuthorizationCode: () => 60,
      IdToken: () => HOUR,
      Interaction: () => HOUR,
      Session: () => config.session.ttlSeconds,
      Grant: () => GRANT_TTL,
    },
    features: {
      devInteractions: { enabled: false },
      introspection: {
        enabled: true,
        // An app may look at its own tokens only, never at another app's (or tenant's).
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => {
          if (token.clientId === client.clientId) return true;
          throw new oidc.errors.InvalidRequest('client is not authorized to revoke the presented token');
        },
      },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => html(ctx, logoutPage(form, ctx.oidc.client?.clientName)),
        postLogoutSuccessSource: async (ctx) => html(ctx, logoutSuccessPage()),
      },
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: { enabled: false },
    },
    // Errors that cannot go back to a verified redirect URI (unknown client, unregistered URI) are shown here.
    renderError: async (ctx, out) => html(ctx, errorPage(out)),
  };
  const provider = new oidc.Provider(`${config.publicUrl}${OAUTH_PREFIX}`, configuration);
  // Behind a trusted proxy the forwarded protocol and host decide URLs and cookie security.
  provider.proxy = config.trustProxy !== false;
  provider.on('server_error', (ctx, error) => {
    // A client secret or signing key that the configured keys do not open: the operator's to fix, and
    // another process may hold the key, so 503 below; the log line names the value and the keys tried.
    if (error instanceof SealedValueError) {
      ctx.state[SECRET_SEALED_AWAY] = true;
      const { table, column, row, tenant, keysTried } = error;
      return deps.log.error({ sealedValue: { table, column, row, tenant, keysTried } }, error.message);
    }
    if (isDatabaseUnavailable(error)) ctx.state[DATABASE_DOWN] = 'DATABASE_UNAVAILABLE';
    else if (isDatabaseBusy(error)) ctx.state[DATABASE_DOWN] = 'DATABASE_BUSY';
    else return deps.log.error({ err: error }, 'authorization server error');
    deps.log.warn(ctx.state[DATABASE_DOWN] === 'DATABASE_BUSY' ? 'database busy' : 'database unavailable');
  });
  // An outage or a lock conflict is not a bug: 503 with Retry-After, as the API answers, instead of the
  // provider's 500.
  provider.use(async (ctx, next) => {
    await next();
    const code = ctx.state[DATABASE_DOWN] as 'DATABASE_UNAVAILABLE' | 'DATABASE_BUSY' | undefined;
    const sealedAway = Boolean(ctx.state[SECRET_SEALED_AWAY]);
    if (!code && !sealedAway) return;
    const description = code ? ERROR_MESSAGES[code] : ERROR_MESSAGES.SERVICE_UNAVAILABLE;
    const out = { error: 'temporarily_unavailable', error_description: description };
    if (ctx.response.is('html')) html(ctx as KoaContextWithOIDC, errorPage(out));
    else ctx.body = out;
    ctx.status = 503;
    if (code)
      ctx.set(
        'retry-after',
        String(code === 'DATABASE_BUSY' ? DATABASE_BUSY_RETRY_AFTER_SECONDS : DATABASE_RETRY_AFTER_SECONDS),
      );
  });
  return provider;
}
