import { authorizedUrlRule } from '@skyvault/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload, ClientMetadata } from 'oidc-provider';
import type { Database } from '../../db/client.js';
import { kept } from '../../db/prepared.js';
import { type ApplicationDataValue, applications, tenants } from '../../db/schema/index.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';

/** Scopes every app may ask for; offline_access only when the app allows it. */
export const BASE_SCOPES = ['openid', 'email', 'profile'] as const;
export const OFFLINE_ACCESS = 'offline_access';

/**
 * Our metadata on each client, beside the standard ones: whose app it is, whether users of other
 * tenants may use it, and its token lifetimes in seconds.
 */
export const CLIENT_EXTRA = {
  applicationId: 'application_id',
  tenantId: 'tenant_id',
  tenantName: 'tenant_name',
  multiTenant: 'multi_tenant',
  accessTokenTtl: 'access_token_ttl',
  refreshTokenTtl: 'refresh_token_ttl',
} as const;
export const CLIENT_EXTRA_PROPERTIES = Object.values(CLIENT_EXTRA);

/** The extra metadata as read back from oidc-provider's Client (it keeps unknown names as given). */
export interface ClientExtra {
  application_id: string;
  tenant_id: string;
  tenant_name: string;
  multi_tenant: boolean;
  access_token_ttl: number;
  refresh_token_ttl: number;
}
export const extraOf = (client: unknown) => client as ClientExtra;

const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

/**
 * The URLs the server sends users back to: those the contract's rule takes today. URLs saved under
 * older rules (plain http to any host) are ignored until an administrator replaces them.
 */
const redirectable = (urls: readonly string[]) =>
  urls.filter((url) => authorizedUrlRule.safeParse(url).success);

export interface ApplicationClientRow {
  id: string;
  tenantId: string;
  tenantName: string;
  name: string;
  clientId: string;
  clientSecret: string;
  shared: boolean;
  data: ApplicationDataValue;
}

/**
 * A connected app as the authorization server's client: exactly its callback and sign-out URLs, the
 * code flow (PKCE is required for every client, see provider.ts) and refresh tokens only when its
 * flows allow them, its scopes, and a secret sent by HTTP Basic or in the body.
 */
export function toClientMetadata(app: ApplicationClientRow, secret: string): ClientMetadata {
  const { oauth, authorizationPolicy } = app.data;
  const codeFlow = oauth.allowedFlows.includes('authorization_code');
  const grantTypes = ['authorization_code', 'refresh_token'].filter((g) => oauth.allowedFlows.includes(g));
  const scopes = [...BASE_SCOPES, ...(oauth.allowedScopes.includes(OFFLINE_ACCESS) ? [OFFLINE_ACCESS] : [])];
  return {
    client_id: app.clientId,
    client_secret: secret,
    client_name: app.name,
    application_type: 'web',
    redirect_uris: redirectable(oauth.authorizedCallbackURLs),
    post_logout_redirect_uris: redirectable(oauth.authorizedSignOutURLs),
    response_types: codeFlow ? ['code'] : [],
    grant_types: grantTypes,
    scope: scopes.join(' '),
    token_endpoint_auth_method: 'client_secret_basic',
    id_token_signed_response_alg: 'RS256',
    [CLIENT_EXTRA.applicationId]: app.id,
    [CLIENT_EXTRA.tenantId]: app.tenantId,
    [CLIENT_EXTRA.tenantName]: app.tenantName,
    [CLIENT_EXTRA.multiTenant]: app.shared,
    [CLIENT_EXTRA.accessTokenTtl]: seconds(authorizationPolicy.accessTokenLifetime),
    [CLIENT_EXTRA.refreshTokenTtl]: seconds(authorizationPolicy.refreshTokenLifetime),
  };
}

/**
 * An app the server can act on: active, of an active tenant, with a usable redirect configuration.
 * One statement on the owner connection, with no transaction around it: every token request reads it
 * before the tenant is known.
 */
export async function findActiveApplication(database: Database, clientId: string) {
  const { db } = database;
  const statement = kept(db, 'oauth_active_application', () =>
    db
      .select({
        id: applications.id,
        tenantId: applications.tenantId,
        tenantName: tenants.name,
        name: applications.name,
        clientId: applications.clientId,
        clientSecret: applications.clientSecret,
        shared: applications.shared,
        data: applications.data,
      })
      .from(applications)
      .innerJoin(tenants, eq(tenants.id, applications.tenantId))
      .where(
        and(
          eq(applications.clientId, sql.placeholder('clientId')),
          eq(applications.active, true),
          eq(tenants.status, 'active'),
        ),
      )
      .limit(1),
  );
  const [row] = await statement.execute({ clientId });
  return row ?? null;
}

/**
 * oidc-provider's store for the Client model, read-only: clients are the tenants' connected apps,
 * managed through /api/v1/applications. A disabled or deleted app is simply not found.
 */
export class ApplicationClientAdapter implements Adapter {
  constructor(
    private readonly database: Database,
    private readonly secrets: SecretBox,
  ) {}

  async find(id: string): Promise<AdapterPayload | undefined> {
    // Client ids are random URL-safe strings; anything else is not worth a query.
    if (!/^[\w-]{1,128}$/.test(id)) return undefined;
    const app = await findActiveApplication(this.database, id);
    if (!app || redirectable(app.data.oauth.authorizedCallbackURLs).length === 0) return undefined;
    const secret = this.secrets.open(
      sealedAt.applicationClientSecret(app.tenantId, app.id),
      app.clientSecret,
    );
    return toClientMetadata(app, secret) as AdapterPayload;
  }

  async upsert(): Promise<void> {
    throw new Error('Connected apps are managed through the applications API');
  }
  async findByUid(): Promise<undefined> {
    return undefined;
  }
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }
  async consume(): Promise<void> {}
  async destroy(): Promise<void> {}
  async revokeByGrantId(): Promise<void> {}
}
