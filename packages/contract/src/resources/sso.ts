import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ERROR_CODES, type ErrorCode } from '../errors.js';
import { MESSAGES } from '../messages.js';
import { totpRule } from '../rules/identity.js';
import { uuidSchema } from '../rules/text.js';
import { recoveryCodeRule, webAuthnCredentialResponseSchema } from './second-factor.js';
import { sessionUserSchema } from './session.js';

/**
 * Single sign-on through a tenant's identity provider (OpenID Connect, authorization code + PKCE).
 * A login button's redirectUrl is the start path; the browser goes to the provider, comes back to the
 * callback, and the API redirects it on:
 * - signed in: to the `state` target of the login-buttons call (a same-origin path) or the console's root;
 * - the user has a second factor: to the login page with `ssoTicket`, where the MFA dialog completes it;
 * - refused: to the login page with `ssoError` (an error code; the console shows its message).
 */
export const ssoStartPath = (providerId: string) => `/api/v1/sso/${encodeURIComponent(providerId)}/start`;
export const SSO_CALLBACK_PATH = '/api/v1/sso/callback';

/** The console's login page, where the API sends the browser when a sign-in needs it (SPEC.md §2). */
export const SSO_LOGIN_PAGE = '/auth/login';

/** Query parameters the API adds to /auth/login when it sends the browser back there. */
export const SSO_LOGIN_QUERY = { ticket: 'ssoTicket', error: 'ssoError' } as const;

/**
 * Browsers drop tabs and line breaks from URLs and read '\\' as '/', so '/\t/evil.example' would mean
 * '//evil.example'.
 */
const isUrlConfusable = (char: string): boolean => {
  const code = char.charCodeAt(0);
  return char === '\\' || code < 0x20 || code === 0x7f;
};

/**
 * `target` if it is a path of this site, otherwise undefined: an absolute or protocol-relative URL would
 * turn a sign-in into an open redirect. Both sides use it (the login page's redirectTo, the state the API
 * sends the browser back to after single sign-on).
 */
export function safeRedirectPath(target: string | null | undefined): string | undefined {
  if (!target?.startsWith('/') || target.startsWith('//') || [...target].some(isUrlConfusable)) {
    return undefined;
  }
  return target;
}

/** The ssoError value as an error code the console knows (anything else reads as SSO_FAILED). */
export const ssoErrorCode = (value: string | null | undefined): ErrorCode =>
  value && (ERROR_CODES as string[]).includes(value) ? (value as ErrorCode) : 'SSO_FAILED';

export const ssoStartParamsSchema = z.object({ providerId: uuidSchema });
export const ssoStartQuerySchema = z.object({
  state: z.string().max(4096).optional(),
  /** The address typed at the login's e-mail step, passed on to the provider as OIDC login_hint. */
  login_hint: z.string().max(320).optional(),
  /** 'test': an administrator's Test sign-in of a SAML provider (resources/saml.ts). */
  mode: z.literal('test').optional(),
});

const ticketSchema = z.string().min(1).max(512);

/**
 * The second step of a provider sign-in: a TOTP code, one of the user's recovery codes, or a passkey's
 * answer to the challenge of POST /sso/second-factor.
 */
export const ssoCompleteSchema = z
  .object({
    ticket: ticketSchema,
    code: totpRule.optional(),
    recoveryCode: recoveryCodeRule.optional(),
    passkey: webAuthnCredentialResponseSchema.optional(),
  })
  .refine(
    (body) => body.code !== undefined || body.recoveryCode !== undefined || body.passkey !== undefined,
    { error: MESSAGES.totpRequired, path: ['code'] },
  );
export type SsoComplete = z.infer<typeof ssoCompleteSchema>;

/** What the second step may ask of the ticket's user: a code (an authenticator), and a passkey's challenge. */
export const ssoSecondFactorSchema = z.object({ ticket: ticketSchema });
export const ssoSecondFactorAnswerSchema = z.object({
  totp: z.boolean(),
  /** A challenge for one of the user's passkeys (5 minutes, single use), when they have any. */
  passkeyOptions: z.record(z.string(), z.unknown()).optional(),
});
export type SsoSecondFactorAnswer = z.infer<typeof ssoSecondFactorAnswerSchema>;

export const ssoEndpoints = {
  complete: defineEndpoint({
    method: 'POST',
    path: '/api/v1/sso/complete',
    access: 'public',
    summary:
      'Finishes a sign-in through an identity provider with the second factor of an MFA user (a code, a recovery code or a passkey)',
    tags: ['Auth'],
    body: ssoCompleteSchema,
    response: sessionUserSchema,
  }),
  secondFactor: defineEndpoint({
    method: 'POST',
    path: '/api/v1/sso/second-factor',
    access: 'public',
    summary: "The second factors a provider sign-in's ticket may be finished with, and a passkey challenge",
    tags: ['Auth'],
    body: ssoSecondFactorSchema,
    response: ssoSecondFactorAnswerSchema,
  }),
} as const;
