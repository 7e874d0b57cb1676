import type { OrganizationType } from '@skyvault/contract';
import { SALESFORCE_LOGIN_FAILURES } from '@skyvault/contract';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { createSalesforceHttp, jsonOf, loginBaseFor } from './salesforce-http.js';

/** API access, and a refresh token so that backups keep working after the access token expires. */
export const SALESFORCE_SCOPE = 'api refresh_token';

/** A failure of the Salesforce side, worded for the person who tried to connect (it becomes `lastError`). */
export class SalesforceError extends Error {
  override name = 'SalesforceError';
}

export interface SalesforceTokens {
  accessToken: string;
  refreshToken: string | null;
  instanceUrl: string;
  /** The identity URL (`…/id/<org>/<user>`) Salesforce names in the token response. */
  identityUrl: string | null;
}

export interface SalesforceIdentity {
  username: string;
  userId: string;
  orgId: string;
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  instance_url: z.url({ protocol: /^https?$/ }),
  id: z.string().optional(),
});

/** Both the identity URL (`username`) and OpenID userinfo (`preferred_username`) shapes. */
const identitySchema = z
  .object({
    user_id: z.string().min(1),
    organization_id: z.string().min(1),
    preferred_username: z.string().min(1).optional(),
    username: z.string().min(1).optional(),
  })
  .refine((value) => value.preferred_username ?? value.username, 'no username');

const errorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

/** Salesforce's own error text is short and meant for people; control characters and length are ours to bound. */
export const readable = (text: string) =>
  text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .trim()
    .slice(0, 300);

/**
 * The OAuth 2.0 web-server flow against Salesforce's login servers, as configured (SALESFORCE_LOGIN_URL
 * for Production orgs, SALESFORCE_SANDBOX_LOGIN_URL for Sandboxes). Every outbound call goes to one of
 * those two bases only, with a timeout, and never follows a redirect elsewhere.
 */
export function createSalesforceClient(settings: Config['salesforce'], redirectUri: string) {
  const baseFor = (type: OrganizationType) => loginBaseFor(settings, type);
  const { send, postForm } = createSalesforceHttp(
    settings,
    () => new SalesforceError(SALESFORCE_LOGIN_FAILURES.unreachable),
  );

  return {
    isConfigured: () => Boolean(settings.clientId && settings.clientSecret),

    /** The Salesforce login page the browser is sent to. */
    authorizeUrl(type: OrganizationType, login: { state: string; codeChallenge: string }): string {
      const url = new URL(`${baseFor(type)}/services/oauth2/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        state: login.state,
        code_challenge: login.codeChallenge,
        code_challenge_method: 'S256',
        scope: SALESFORCE_SCOPE,
      }).toString();
      return url.toString();
    },

    /** Trades the code Salesforce sent back (and the PKCE verifier that proves we asked for it) for tokens. */
    async exchangeCode(
      type: OrganizationType,
      code: string,
      codeVerifier: string,
    ): Promise<SalesforceTokens> {
      const response = await postForm(`${baseFor(type)}/services/oauth2/token`, {
        grant_type: 'authorization_code',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uri: redirectUri,
        code,
        code_verifier: codeVerifier,
      });
      const body = await jsonOf(response);
      if (!response.ok) {
        const error = errorSchema.safeParse(body);
        const reason = error.success ? readable(error.data.error_description || error.data.error) : '';
        throw new SalesforceError(
          error.success && error.data.error === 'invalid_client'
            ? SALESFORCE_LOGIN_FAILURES.appRejected
            : SALESFORCE_LOGIN_FAILURES.loginRejected(reason),
        );
      }
      const tokens = tokenResponseSchema.safeParse(body);
      if (!tokens.success) throw new SalesforceError(SALESFORCE_LOGIN_FAILURES.noToken);
      return {
        accessToken: tokens.data.access_token,
        refreshToken: tokens.data.refresh_token ?? null,
        instanceUrl: tokens.data.instance_url,
        identityUrl: tokens.data.id ?? null,
      };
    },

    /**
     * Who logged in: from the identity URL of the token response when it is on the login server we
     * called, otherwise from that server's OpenID userinfo endpoint.
     */
    async identity(type: OrganizationType, tokens: SalesforceTokens): Promise<SalesforceIdentity> {
      const base = baseFor(type);
      const sameServer =
        tokens.identityUrl &&
        URL.canParse(tokens.identityUrl) &&
        new URL(tokens.identityUrl).origin === new URL(base).origin;
      const url = sameServer ? tokens.identityUrl! : `${base}/services/oauth2/userinfo`;
      const response = await send(url, {
        headers: { authorization: `Bearer ${tokens.accessToken}`, accept: 'application/json' },
      });
      const identity = identitySchema.safeParse(response.ok ? await jsonOf(response) : undefined);
      if (!identity.success) {
        throw new SalesforceError(SALESFORCE_LOGIN_FAILURES.noUser);
      }
      const { user_id, organization_id, preferred_username, username } = identity.data;
      return { userId: user_id, orgId: organization_id, username: (preferred_username ?? username)! };
    },

    /** Ends a token at Salesforce (a refresh token takes its access tokens with it). */
    async revoke(type: OrganizationType, token: string): Promise<void> {
      const response = await postForm(`${baseFor(type)}/services/oauth2/revoke`, { token });
      if (!response.ok)
        throw new SalesforceError(`Salesforce did not revoke the token (${response.status}).`);
    },
  };
}

export type SalesforceClient = ReturnType<typeof createSalesforceClient>;
