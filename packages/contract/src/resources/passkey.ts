import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { mfaNameRule } from '../rules/names.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { idParamsSchema } from './list.js';
import { mfaStepUpSchema } from './mfa.js';
import { recoveryCodesSchema } from './mfa-policy.js';
import { type PasskeyCredentialResponse, webAuthnCredentialResponseSchema } from './second-factor.js';
import { sessionUserSchema } from './session.js';

export { type PasskeyRemoval, passkeyRemovalSchema } from './second-factor.js';

/**
 * Passkeys (WebAuthn, ours): a user's registered credentials, used as a second factor after the password
 * or alone from the login page's first step (discoverable credential, user verification required).
 * The relying party id is PUBLIC_URL's host; on an IP address browsers refuse WebAuthn, and the API says so.
 */
export const passkeySchema = z.object({
  id: uuidSchema,
  name: z.string(),
  createdAt: isoDateSchema,
  lastUsedAt: isoDateSchema.nullable(),
  /** Synced (multi-device) passkeys are backed up by their provider. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** WebAuthn options as @simplewebauthn/server makes them, for @simplewebauthn/browser to use. */
const webAuthnOptionsSchema = z.record(z.string(), z.unknown());
export const passkeyOptionsSchema = z.object({ options: webAuthnOptionsSchema });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/** A browser's answer to navigator.credentials.create()/get(), as @simplewebauthn/browser gives it. */
const credentialResponseSchema = webAuthnCredentialResponseSchema;
export const passkeyRegistrationResponseSchema = credentialResponseSchema;
export const passkeyAuthenticationResponseSchema = credentialResponseSchema;
export type { PasskeyCredentialResponse };

export const passkeyCreateSchema = z.object({
  name: mfaNameRule,
  response: passkeyRegistrationResponseSchema,
});
export type PasskeyCreate = z.input<typeof passkeyCreateSchema>;
export const passkeyFormSchema = passkeyCreateSchema.pick({ name: true });
export const passkeyPatchSchema = passkeyFormSchema;
/** The first factor a user enrols comes with their recovery codes, shown this once. */
export const passkeyCreatedSchema = z.object({
  passkey: passkeySchema,
  recoveryCodes: recoveryCodesSchema.shape.codes.optional(),
});
export type PasskeyCreated = z.infer<typeof passkeyCreatedSchema>;

/** Whether passkeys can be offered here, and why not. */
export const passkeySupportSchema = z.object({
  available: z.boolean(),
  rpId: z.string().nullable(),
  reason: z.string().nullable(),
});
export type PasskeySupport = z.infer<typeof passkeySupportSchema>;

/** Passwordless sign-in: the login answer, as after a password. */
export const passkeyLoginSchema = z.object({
  response: passkeyAuthenticationResponseSchema,
  timezone: z.string().trim().max(64).optional(),
});
export type PasskeyLogin = z.input<typeof passkeyLoginSchema>;

export const passkeyEndpoints = {
  support: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth/passkeys/support',
    access: 'public',
    summary: 'Whether passkeys can be used with this console (not on an IP address)',
    tags: ['Auth', 'Passkeys'],
    response: passkeySupportSchema,
  }),
  loginOptions: defineEndpoint({
    method: 'POST',
    path: '/api/v1/auth/passkeys/options',
    access: 'public',
    summary: 'A challenge for signing in with a passkey alone (5 minutes, single use)',
    tags: ['Auth', 'Passkeys'],
    response: passkeyOptionsSchema,
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/v1/auth/passkeys/login',
    access: 'public',
    summary: 'Signs in with a passkey (user verification required) and sets the session cookie',
    tags: ['Auth', 'Passkeys'],
    body: passkeyLoginSchema,
    response: sessionUserSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/mfa/passkeys',
    access: 'user',
    sessionOnly: true,
    duringMfaEnrolment: true,
    summary: "The caller's passkeys",
    tags: ['MFA', 'Passkeys'],
    response: passkeyListSchema,
  }),
  registrationOptions: defineEndpoint({
    method: 'POST',
    path: '/api/v1/mfa/passkeys/options',
    access: 'user',
    sessionOnly: true,
    duringMfaEnrolment: true,
    summary:
      'A challenge for registering a passkey (5 minutes, single use); a user who has a factor gives a current code or the password',
    tags: ['MFA', 'Passkeys'],
    body: mfaStepUpSchema,
    response: passkeyOptionsSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/mfa/passkeys',
    access: 'user',
    sessionOnly: true,
    duringMfaEnrolment: true,
    summary: "Registers a passkey from the browser's answer; the first factor comes with recovery codes",
    tags: ['MFA', 'Passkeys'],
    body: passkeyCreateSchema,
    response: passkeyCreatedSchema,
    status: 201,
  }),
  rename: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/mfa/passkeys/:id',
    access: 'user',
    sessionOnly: true,
    summary: 'Renames a passkey',
    tags: ['MFA', 'Passkeys'],
    params: idParamsSchema,
    body: passkeyPatchSchema,
    response: passkeySchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/mfa/passkeys/:id',
    access: 'user',
    sessionOnly: true,
    summary: 'Deletes a passkey (with a current code or the password)',
    tags: ['MFA', 'Passkeys'],
    params: idParamsSchema,
    body: mfaStepUpSchema,
    status: 204,
  }),
} as const;
