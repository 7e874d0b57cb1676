import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { providerChoiceSchema } from '../errors.js';
import { emailRule, signInPasswordRule, totpRule, verificationCodeRule } from '../rules/identity.js';
import { tenantNameRule } from '../rules/names.js';
import { uuidSchema } from '../rules/text.js';
import { recoveryCodeRule, webAuthnCredentialResponseSchema } from './second-factor.js';
import { sessionUserSchema } from './session.js';

/** IANA time zone names are short; the bound only keeps junk out of the session row. */
const timezoneSchema = z.string().trim().max(64).optional();

/**
 * The login form (SPEC.md §3): both flows end with e-mail, tenant name and password; `code` is the TOTP
 * when the account has MFA. The password is only required (signInPasswordRule): the spec's simplified
 * rule is a new password's, and applying it at login told visitors a rule instead of a wrong password.
 */
export const loginSchema = z.object({
  email: emailRule,
  tenantName: tenantNameRule,
  password: signInPasswordRule,
  timezone: timezoneSchema,
  code: totpRule.optional(),
  /** Instead of `code`: one of the user's recovery codes (used up), or a passkey's answer to the pre-login challenge. */
  recoveryCode: recoveryCodeRule.optional(),
  passkey: webAuthnCredentialResponseSchema.optional(),
});
export type Login = z.infer<typeof loginSchema>;
export type LoginForm = z.input<typeof loginSchema>;

/** POST /v1/auth/pre-login takes the same fields without the TOTP and says whether one is needed. */
export const preLoginSchema = loginSchema.omit({ code: true, recoveryCode: true, passkey: true });
export type PreLogin = z.infer<typeof preLoginSchema>;
export const preLoginResponseSchema = z.object({
  isMfaEnabled: z.boolean(),
  /** Whether the user has an authenticator app (a TOTP code is asked for). */
  totp: z.boolean().optional(),
  /** When the user has passkeys: the challenge for one of them as the second factor (5 minutes, single use). */
  passkeyOptions: z.record(z.string(), z.unknown()).optional(),
});
export type PreLoginResponse = z.infer<typeof preLoginResponseSchema>;

/** The login steps' own forms, each a pick of the one login form. */
export const loginEmailStepSchema = loginSchema.pick({ email: true });
export const loginTenantStepSchema = loginSchema.pick({ tenantName: true });
export const loginCredentialStepSchema = loginSchema.pick({ email: true, password: true });
export const loginPasswordStepSchema = loginSchema.pick({ password: true });
/** The TOTP modal at login. */
export const loginTotpSchema = z.object({ code: totpRule });
/** The same modal with one of the user's recovery codes instead. */
export const loginRecoveryCodeSchema = z.object({ recoveryCode: recoveryCodeRule });

/**
 * NO_TENANTS: the code was right but the address has no tenant ('No Tenants found for this email').
 * SSO: the address signs in through its organization's identity providers (home-realm discovery, or
 * single sign-on enforced): their buttons instead of a password.
 */
export const LOGIN_STEPS = [
  'EMAIL',
  'CODE',
  'NO_TENANTS',
  'SELECT_TENANT',
  'PASSWORD',
  'TENANT',
  'CREDENTIAL',
  'SSO',
] as const;
export type LoginStep = (typeof LOGIN_STEPS)[number];

/** POST /v1/verification-codes: e-mails a login code (answered the same whether or not the e-mail is known). */
export const verificationCodeRequestSchema = z.object({ email: emailRule });
export type VerificationCodeRequest = z.infer<typeof verificationCodeRequestSchema>;

/** POST /v1/verification-codes/verify. */
export const verificationCodeVerifySchema = z.object({ email: emailRule, code: verificationCodeRule });
export type VerificationCodeVerify = z.infer<typeof verificationCodeVerifySchema>;

/** A tenant the e-mail belongs to, offered in the select-tenant step. */
export const loginTenantSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  /**
   * The tenant enforces single sign-on for the address (its verified domain): choosing it goes to one of
   * these providers, not to the password step. Absent for everyone else, break-glass administrators too.
   */
  ssoRequired: z.array(providerChoiceSchema).optional(),
});
export type LoginTenant = z.infer<typeof loginTenantSchema>;
export const verificationCodeVerifyResponseSchema = z.object({ tenants: z.array(loginTenantSchema) });
export type VerificationCodeVerifyResponse = z.infer<typeof verificationCodeVerifyResponseSchema>;

/**
 * POST /v1/identity-providers/login-buttons: the SSO buttons of a tenant's login page. `state` carries
 * the redirectTo target (with the connected app's client_id) through the provider's round trip.
 */
export const loginButtonsRequestSchema = z.object({
  tenantName: tenantNameRule,
  state: z.string().max(4096).optional(),
});
export type LoginButtonsRequest = z.infer<typeof loginButtonsRequestSchema>;
export const loginButtonSchema = z.object({
  buttonText: z.string(),
  redirectUrl: z.string(),
  buttonImageId: uuidSchema.nullable(),
});
export type LoginButton = z.infer<typeof loginButtonSchema>;
export const loginButtonsSchema = z.array(loginButtonSchema);

/** Sign-in calls (SPEC.md §7 Auth and session). All public: they are how a session begins. */
export const authEndpoints = {
  preLogin: defineEndpoint({
    method: 'POST',
    path: '/api/v1/auth/pre-login',
    access: 'public',
    summary: 'Checks the credentials and tells whether a TOTP code is needed to log in',
    tags: ['Auth'],
    body: preLoginSchema,
    response: preLoginResponseSchema,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/v1/auth/login',
    access: 'public',
    summary: 'Logs in and sets the session cookie',
    tags: ['Auth'],
    body: loginSchema,
    response: sessionUserSchema,
  }),
  logout: defineEndpoint({
    // A POST, so that it meets the CSRF rule: a link or image on another site cannot sign anyone out.
    // (GET on the same path answers a page whose button posts here.)
    method: 'POST',
    path: '/api/v1/auth/logout',
    access: 'public',
    summary: 'Ends the session (if any) and clears its cookie',
    tags: ['Auth'],
    status: 204,
  }),
  requestCode: defineEndpoint({
    method: 'POST',
    path: '/api/v1/verification-codes',
    access: 'public',
    summary: 'E-mails a 6-digit login code (the same answer whether or not the e-mail is known)',
    tags: ['Auth'],
    body: verificationCodeRequestSchema,
    status: 204,
  }),
  verifyCode: defineEndpoint({
    method: 'POST',
    path: '/api/v1/verification-codes/verify',
    access: 'public',
    summary: "Checks a login code and answers the e-mail's tenants",
    tags: ['Auth'],
    body: verificationCodeVerifySchema,
    response: verificationCodeVerifyResponseSchema,
  }),
} as const;
