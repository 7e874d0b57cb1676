import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { identityUrl, type StandInContext, TOKEN_ERRORS, type TokenErrorRule } from './context.js';
import type { Approval } from './grants.js';
import { type OAuthErrorAnswer, sendJson, sendOAuthError } from './http.js';
import { DAY_MS, type User } from './model.js';

/**
 * Salesforce's login service: authorize (which approves at once instead of showing a login form),
 * token (authorization code with PKCE, and refresh with rotation), revoke and introspect.
 */

const CODE_TTL_MS = 15 * 60 * 1000;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** client_id and client_secret from the form or from HTTP Basic, both of which Salesforce takes. */
function clientOf(request: IncomingMessage, form: URLSearchParams) {
  const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
  if (basic) {
    const [id = '', secret = ''] = Buffer.from(basic[1]!, 'base64').toString().split(':');
    return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) };
  }
  return { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' };
}

export function createOAuth(context: StandInContext) {
  const { clock, directory, grants, settings, codes } = context;

  function clientRefusal(request: IncomingMessage, form: URLSearchParams): OAuthErrorAnswer | null {
    const client = clientOf(request, form);
    if (client.id !== context.clientId) return TOKEN_ERRORS.invalidClientId;
    if (client.secret !== context.clientSecret()) return TOKEN_ERRORS.invalidClient;
    return null;
  }

  /** A test's switched-on error for this user or token, used up by this call. */
  function switchedError(user: User | undefined, refreshToken?: string): OAuthErrorAnswer | null {
    const hits = (rule: TokenErrorRule) =>
      (rule.refreshToken === undefined || rule.refreshToken === refreshToken) &&
      (rule.userId === undefined || rule.userId === user?.userId) &&
      (rule.orgId === undefined ||
        (user !== undefined && (user.org.id === rule.orgId || user.org.formerIds.includes(rule.orgId))));
    const rule = context.tokenErrors.find((r) => r.remaining > 0 && hits(r));
    if (!rule) return null;
    rule.remaining -= 1;
    if (rule.remaining <= 0) context.tokenErrors.splice(context.tokenErrors.indexOf(rule), 1);
    return rule.answer;
  }

  /** What the user's and org's state answers a grant with, if it may not have tokens. */
  function userRefusal(user: User, grantedAt?: number): OAuthErrorAnswer | null {
    if (!user.org.active) return TOKEN_ERRORS.inactiveOrg;
    if (user.status === 'deactivated')
      return user.inactiveAnswer === 'inactive_user'
        ? TOKEN_ERRORS.inactiveUser
        : TOKEN_ERRORS.authenticationFailure;
    if (grantedAt !== undefined && user.validAfter > grantedAt) return TOKEN_ERRORS.authenticationFailure;
    return null;
  }

  function answerTokens(response: ServerResponse, approval: Approval, withRefreshToken: boolean) {
    const access = grants.issueAccess(approval, settings.accessTokenTtlMs);
    const id = identityUrl(context, approval.user);
    const issuedAt = String(access.issuedAt);
    sendJson(response, 200, {
      access_token: access.token,
      ...(withRefreshToken ? { refresh_token: approval.refreshToken } : {}),
      // Salesforce signs the identity URL and the issue time with the client secret.
      signature: createHmac('sha256', context.clientSecret())
        .update(id + issuedAt)
        .digest('base64'),
      scope: approval.scope,
      instance_url: context.url(),
      id,
      token_type: 'Bearer',
      issued_at: issuedAt,
    });
  }

  function refresh(response: ServerResponse, token: string) {
    const approval = grants.byRefreshToken(token);
    const refused = switchedError(approval?.user, token);
    if (refused) return sendOAuthError(response, refused);
    if (!approval || approval.ended || !grants.isCurrent(token))
      return sendOAuthError(response, TOKEN_ERRORS.expired);
    if (grants.idle(approval, settings.refreshTokenIdleDays * DAY_MS)) {
      grants.end(approval, 'idle');
      return sendOAuthError(response, TOKEN_ERRORS.expired);
    }
    const userRefused = userRefusal(approval.user, approval.createdAt);
    if (userRefused) return sendOAuthError(response, userRefused);
    approval.lastUsedAt = clock.now();
    if (settings.rotateRefreshTokens) grants.rotate(approval);
    answerTokens(response, approval, settings.rotateRefreshTokens);
  }

  function exchangeCode(response: ServerResponse, form: URLSearchParams) {
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    // A code works once, whatever the outcome.
    codes.delete(code);
    if (!issued || issued.expiresAt < clock.now()) {
      return sendOAuthError(response, {
        ...TOKEN_ERRORS.expired,
        error_description: 'expired authorization code',
      });
    }
    if (form.get('redirect_uri') !== issued.redirectUri) {
      return sendOAuthError(response, {
        ...TOKEN_ERRORS.expired,
        error_description: 'redirect_uri must match configuration',
      });
    }
    if (s256(form.get('code_verifier') ?? '') !== issued.codeChallenge) {
      return sendOAuthError(response, {
        ...TOKEN_ERRORS.expired,
        error_description: 'invalid code verifier',
      });
    }
    const refused = switchedError(issued.user) ?? userRefusal(issued.user);
    if (refused) return sendOAuthError(response, refused);
    answerTokens(response, grants.approve(issued.user, issued.scope, settings.approvalLimit), true);
  }

  return {
    authorize(query: URLSearchParams, response: ServerResponse) {
      const redirectUri = query.get('redirect_uri') ?? '';
      const codeChallenge = query.get('code_challenge') ?? '';
      if (query.get('client_id') !== context.clientId || !URL.canParse(redirectUri)) {
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
      else if (context.state.decision === 'deny') refuse('access_denied', 'end-user denied authorization');
      else {
        const code = randomBytes(24).toString('base64url');
        codes.set(code, {
          redirectUri,
          codeChallenge,
          scope: query.get('scope') || 'api refresh_token',
          user: directory.user(context.state.user),
          expiresAt: clock.now() + CODE_TTL_MS,
        });
        back.searchParams.set('code', code);
      }
      const stateParam = query.get('state');
      if (stateParam !== null) back.searchParams.set('state', stateParam);
      response.writeHead(302, { location: back.toString() });
      response.end();
    },

    token(request: IncomingMessage, form: URLSearchParams, response: ServerResponse) {
      const grantType = form.get('grant_type');
      const refused = clientRefusal(request, form);
      if (refused) return sendOAuthError(response, refused);
      if (grantType === 'refresh_token') refresh(response, form.get('refresh_token') ?? '');
      else if (grantType === 'authorization_code') exchangeCode(response, form);
      else
        sendOAuthError(response, {
          status: 400,
          error: 'unsupported_grant_type',
          error_description: 'grant type not supported',
        });
    },

    /** Revokes a refresh token with its access tokens, or one access token. */
    revoke(form: URLSearchParams, response: ServerResponse) {
      const token = form.get('token') ?? '';
      if (!token)
        return sendOAuthError(response, {
          status: 400,
          error: 'invalid_token',
          error_description: 'Token was invalid',
        });
      if (!grants.revoke(token)) {
        return sendOAuthError(response, {
          status: 400,
          error: 'unsupported_token_type',
          error_description: 'this token type is not supported',
        });
      }
      context.revoked.push(token);
      response.writeHead(200);
      response.end();
    },

    /** RFC 7662 token introspection, as Salesforce offers it to the app's own client. */
    introspect(request: IncomingMessage, form: URLSearchParams, response: ServerResponse) {
      const refused = clientRefusal(request, form);
      if (refused) return sendOAuthError(response, refused);
      const token = form.get('token') ?? '';
      const access = grants.access(token);
      const approval =
        access?.approval ?? (grants.isCurrent(token) ? grants.byRefreshToken(token) : undefined);
      const usable =
        approval &&
        !approval.ended &&
        grants.userAllows(approval) &&
        (access || !grants.idle(approval, settings.refreshTokenIdleDays * DAY_MS));
      if (!approval || !usable) return sendJson(response, 200, { active: false });
      const seconds = (ms: number) => Math.floor(ms / 1000);
      sendJson(response, 200, {
        active: true,
        scope: approval.scope,
        client_id: context.clientId,
        username: approval.user.username,
        sub: identityUrl(context, approval.user),
        token_type: access ? 'access_token' : 'refresh_token',
        ...(access
          ? { exp: seconds(access.expiresAt), iat: seconds(access.issuedAt), nbf: seconds(access.issuedAt) }
          : {}),
      });
    },
  };
}
