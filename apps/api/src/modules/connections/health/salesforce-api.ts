import type { OrganizationType } from '@skyvault/contract';
import { z } from 'zod';
import type { Config } from '../../../config.js';
import { createSalesforceHttp, isTimeout, jsonOf, loginBaseFor } from '../salesforce-http.js';

/**
 * The Salesforce calls a connection's upkeep makes with its stored grant: the refresh grant and
 * introspection on the login service, userinfo, the versions list, limits and one Organization
 * query on the org's instance. Every call has a timeout and never follows a redirect; no token is
 * ever put in an error or a log line.
 */

/** The login service refused the refresh token or our client (Salesforce's `error` and its wording). */
export class TokenRefusedError extends Error {
  override name = 'TokenRefusedError';
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`Salesforce refused the grant: ${error}`);
  }
}

/** Salesforce failed or did not answer in time: nothing is known about the grant. */
export class SalesforceUnavailableError extends Error {
  override name = 'SalesforceUnavailableError';
  constructor(readonly timeout: boolean) {
    super(timeout ? 'Salesforce did not answer in time' : 'Salesforce answered with an error');
  }
}

/** The access token was refused (401, or userinfo's Bad_OAuth_Token): renew it and try once more. */
export class SessionRefusedError extends Error {
  override name = 'SessionRefusedError';
}

export interface RefreshedTokens {
  accessToken: string;
  /** The rotated refresh token; absent when the connected app does not rotate. */
  refreshToken: string | null;
  instanceUrl: string;
  /** Salesforce's issue time of the access token (ms), when it says. */
  issuedAt: number | null;
}

/** The org's daily API requests as the `Sforce-Limit-Info` header of a metered answer tells them. */
export interface ApiUsage {
  used: number;
  max: number;
}

export interface RestAnswer {
  status: number;
  body: unknown;
  usage: ApiUsage | null;
}

const refreshedSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  instance_url: z.url({ protocol: /^https?$/ }),
  issued_at: z.string().regex(/^\d+$/).optional(),
});
const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });
const introspectionSchema = z.object({ active: z.boolean(), exp: z.number().optional() });

/** `api-usage=25/15000` (other entries such as `per-app-api-usage` may follow). */
export function parseLimitInfo(header: string | null): ApiUsage | null {
  const match = header ? /api-usage=(\d+)\/(\d+)/.exec(header) : null;
  return match ? { used: Number(match[1]), max: Number(match[2]) } : null;
}

export function createSalesforceApi(settings: Config['salesforce']) {
  const loginBase = (type: OrganizationType) => loginBaseFor(settings, type);
  const instanceBase = (instanceUrl: string) => instanceUrl.replace(/\/+$/, '');
  // Salesforce answers these in well under a second; a hung call makes the check Degraded, not stuck.
  const { send, postForm } = createSalesforceHttp(
    settings,
    (error) => new SalesforceUnavailableError(isTimeout(error)),
  );

  /** A GET with the access token; a 5xx is an outage, a refused session is for the caller to renew. */
  async function get(url: string, accessToken: string): Promise<RestAnswer> {
    const response = await send(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    if (response.status >= 500) throw new SalesforceUnavailableError(false);
    const body = await jsonOf(response);
    const usage = parseLimitInfo(response.headers.get('sforce-limit-info'));
    if (response.status === 401) throw new SessionRefusedError('Salesforce refused the access token');
    return { status: response.status, body, usage };
  }

  return {
    /** Without the connected app's credentials no grant can be renewed: checks wait for them. */
    isConfigured: () => Boolean(settings.clientId && settings.clientSecret),

    /** The refresh grant: a new access token and, with rotation, a new refresh token (the old one is void). */
    async refresh(type: OrganizationType, refreshToken: string): Promise<RefreshedTokens> {
      const response = await postForm(`${loginBase(type)}/services/oauth2/token`, {
        grant_type: 'refresh_token',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        refresh_token: refreshToken,
      });
      if (response.status >= 500) throw new SalesforceUnavailableError(false);
      const body = await jsonOf(response);
      if (!response.ok) {
        const refused = oauthErrorSchema.safeParse(body);
        // An answer that is not Salesforce's OAuth error (a proxy's page) tells nothing about the grant.
        if (!refused.success) throw new SalesforceUnavailableError(false);
        throw new TokenRefusedError(refused.data.error, refused.data.error_description ?? '');
      }
      const tokens = refreshedSchema.safeParse(body);
      if (!tokens.success) throw new SalesforceUnavailableError(false);
      return {
        accessToken: tokens.data.access_token,
        refreshToken: tokens.data.refresh_token ?? null,
        instanceUrl: tokens.data.instance_url,
        issuedAt: tokens.data.issued_at ? Number(tokens.data.issued_at) : null,
      };
    },

    /** Ends a refresh token nobody will use; best effort, as it expires unused anyway. */
    async revoke(type: OrganizationType, token: string): Promise<void> {
      await postForm(`${loginBase(type)}/services/oauth2/revoke`, { token }).catch(() => {});
    },

    /** When the access token expires (ms), from token introspection; null when Salesforce does not say. */
    async expiryOf(type: OrganizationType, accessToken: string): Promise<number | null> {
      try {
        const response = await postForm(`${loginBase(type)}/services/oauth2/introspect`, {
          token: accessToken,
          token_type_hint: 'access_token',
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
        });
        const answer = introspectionSchema.safeParse(response.ok ? await jsonOf(response) : undefined);
        return answer.success && answer.data.active && answer.data.exp ? answer.data.exp * 1000 : null;
      } catch {
        return null;
      }
    },

    /** Who the token acts for: OpenID userinfo on the instance (free, not metered). */
    async userinfo(instanceUrl: string, accessToken: string): Promise<{ orgId: string }> {
      const answer = await get(`${instanceBase(instanceUrl)}/services/oauth2/userinfo`, accessToken);
      // Userinfo answers a dead session with 403 Bad_OAuth_Token rather than 401.
      if (answer.status === 403) throw new SessionRefusedError('Salesforce refused the access token');
      const info = z.object({ organization_id: z.string().min(1) }).safeParse(answer.body);
      if (answer.status !== 200 || !info.success) throw new SalesforceUnavailableError(false);
      return { orgId: info.data.organization_id };
    },

    /** The newest REST API version the instance serves (the versions list is free). */
    async latestVersion(instanceUrl: string, accessToken: string): Promise<string> {
      const answer = await get(`${instanceBase(instanceUrl)}/services/data/`, accessToken);
      const list = z.array(z.object({ version: z.string().regex(/^\d+\.\d+$/) })).safeParse(answer.body);
      if (answer.status !== 200 || !list.success || list.data.length === 0)
        throw new SalesforceUnavailableError(false);
      return list.data.map((v) => v.version).sort((a, b) => Number(b) - Number(a))[0]!;
    },

    /** The limits resource: the check's one metered call. */
    limits: (instanceUrl: string, version: string, accessToken: string) =>
      get(`${instanceBase(instanceUrl)}/services/data/v${version}/limits`, accessToken),

    /** Whether the org is a sandbox (asked once per org: the answer does not change). */
    async isSandbox(instanceUrl: string, version: string, accessToken: string): Promise<RestAnswer> {
      const q = new URLSearchParams({ q: 'SELECT Id, IsSandbox FROM Organization' });
      return get(`${instanceBase(instanceUrl)}/services/data/v${version}/query?${q}`, accessToken);
    },
  };
}

export type SalesforceApi = ReturnType<typeof createSalesforceApi>;
