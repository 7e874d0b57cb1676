import { z } from 'zod';
import { RECOVERY_CODE_RULE_MESSAGES } from '../recovery-code-messages.js';
import { stringWith } from '../rules/text.js';

/*
 * The parts of MFA that the sign-in calls carry (the login and SSO bodies, the session answer), apart
 * from the rest of MFA policy and passkeys: the login page's first load needs these schemas, and a
 * module it imports comes whole with everything other screens use of it.
 */

/**
 * A recovery code: two groups of five letters or digits. Typed with or without the dash, in any case and
 * with spaces around; always compared as `xxxxx-xxxxx` in lower case.
 */
export const recoveryCodeRule = stringWith(RECOVERY_CODE_RULE_MESSAGES.required)
  .trim()
  .toLowerCase()
  .min(1, { error: RECOVERY_CODE_RULE_MESSAGES.required, abort: true })
  .regex(/^[a-z0-9]{5}[-\s]?[a-z0-9]{5}$/, { error: RECOVERY_CODE_RULE_MESSAGES.invalid, abort: true })
  .overwrite((code) => `${code.slice(0, 5)}-${code.slice(-5)}`);

/**
 * Present on the login answer (and on GET /auth/session while it holds) when the user must enrol a second
 * factor: `restricted` sessions may call nothing but enrolment until a factor is enabled; with days left
 * of the grace period the session is a full one and the console offers "Skip for now".
 */
export const mfaEnrolmentSchema = z.object({
  restricted: z.boolean(),
  graceDaysLeft: z.number().int(),
  passkeysAvailable: z.boolean(),
});
export type MfaEnrolment = z.infer<typeof mfaEnrolmentSchema>;

const encoded = z.string().min(1).max(16_384);
/** A browser's answer to navigator.credentials.create()/get(), as @simplewebauthn/browser gives it. */
export const webAuthnCredentialResponseSchema = z.object({
  id: encoded,
  rawId: encoded,
  type: z.literal('public-key'),
  // Encoded bytes, the transports, and a registration's publicKeyAlgorithm (a COSE number).
  response: z.record(
    z.string(),
    z.union([z.string().max(16_384), z.number().int(), z.array(z.string().max(64)).max(16)]).nullish(),
  ),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
  authenticatorAttachment: z.string().max(32).nullish(),
});
export type PasskeyCredentialResponse = z.infer<typeof webAuthnCredentialResponseSchema>;

/**
 * The optional body of an administrator's Reset password (POST /users/password/:id/reset) and End all
 * sessions (DELETE /users/:id/sessions), and of their confirmation dialogs: `removePasskeys` also
 * removes the user's passkeys in the same transaction (audited, the user e-mailed), so that a passkey
 * registered by whoever held the account does not outlive the reset. Left out, the passkeys stay.
 */
export const passkeyRemovalSchema = z
  .object({ removePasskeys: z.boolean().optional() })
  // Fastify hands a request without a body over as null.
  .nullish();
export type PasskeyRemoval = z.input<typeof passkeyRemovalSchema>;
