import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { MFA_POLICY_MESSAGES } from '../mfa-messages.js';
import { isoDateSchema } from '../rules/text.js';
import { idParamsSchema } from './list.js';
import { mfaStepUpSchema } from './mfa.js';

/**
 * A tenant's authentication policy (ours, beyond the spec): whether MFA is required and of whom, how long
 * users may put enrolment off, and whether breached or common passwords are refused.
 */
export const MFA_POLICIES = ['off', 'administrators', 'everyone'] as const;
export const mfaPolicySchema = z.enum(MFA_POLICIES);
export type MfaPolicy = z.infer<typeof mfaPolicySchema>;

export const MAX_GRACE_DAYS = 30;
export const graceDaysRule = z
  .number({
    error: (issue) =>
      issue.input === undefined ? MFA_POLICY_MESSAGES.graceDaysRequired : MFA_POLICY_MESSAGES.graceDaysRange,
  })
  .int({ error: MFA_POLICY_MESSAGES.graceDaysRange })
  .min(0, { error: MFA_POLICY_MESSAGES.graceDaysRange })
  .max(MAX_GRACE_DAYS, { error: MFA_POLICY_MESSAGES.graceDaysRange });

export const authPolicySchema = z.object({
  mfaPolicy: mfaPolicySchema,
  mfaGraceDays: z.number().int(),
  /** When the current MFA requirement began: the grace period of each user counts from it (or from their creation). */
  mfaEnforcedAt: isoDateSchema.nullable(),
  refuseBreachedPasswords: z.boolean(),
  /** Unusual sign-ins (a new browser or an address outside the usual networks): mail the user. */
  notifyUnusualSignIns: z.boolean(),
  /** An administrator's unusual sign-in is also mailed to the tenant's Security administrators. */
  notifySecurityAdmins: z.boolean(),
  /** An unusual sign-in of a user with a second factor asks for it, whatever else the sign-in proved. */
  unusualSignInSecondFactor: z.boolean(),
});
export type AuthPolicy = z.infer<typeof authPolicySchema>;

const authPolicyFields = {
  mfaPolicy: mfaPolicySchema,
  mfaGraceDays: graceDaysRule,
  refuseBreachedPasswords: z.boolean(),
  notifyUnusualSignIns: z.boolean(),
  notifySecurityAdmins: z.boolean(),
  unusualSignInSecondFactor: z.boolean(),
};
export const authPolicyPatchSchema = z.object(authPolicyFields).partial();
export type AuthPolicyPatch = z.input<typeof authPolicyPatchSchema>;
/**
 * The Authentication screen's form: every field given. Built from the fields rather than with
 * `.required()`, which would answer a missing grace period with zod's own words instead of the rule's.
 */
export const authPolicyFormSchema = z.object(authPolicyFields);
export type AuthPolicyForm = z.input<typeof authPolicyFormSchema>;

export { recoveryCodeRule } from './second-factor.js';
export const RECOVERY_CODE_COUNT = 10;

/** A new set, shown this once (download and copy); only their hashes are kept. */
export const recoveryCodesSchema = z.object({ codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
/**
 * What is left of the user's set; `createdAt` null when the user has none. `enrolled`: the user has a
 * factor (an enabled authenticator or a passkey), so adding another asks for the step-up first.
 */
export const recoveryCodesStatusSchema = z.object({
  remaining: z.number().int(),
  total: z.number().int(),
  createdAt: isoDateSchema.nullable(),
  enrolled: z.boolean(),
});
export type RecoveryCodesStatus = z.infer<typeof recoveryCodesStatusSchema>;

export { type MfaEnrolment, mfaEnrolmentSchema } from './second-factor.js';

/** An administrator's view of a user's factors (counts only: never a secret). */
export const userMfaSchema = z.object({
  totpDevices: z.number().int(),
  passkeys: z.number().int(),
  recoveryCodesRemaining: z.number().int(),
  enrolled: z.boolean(),
});
export type UserMfa = z.infer<typeof userMfaSchema>;

export const authPolicyEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/auth-policy',
    access: 'admin',
    permission: 'sign-in:read',
    summary: "The tenant's authentication policy (MFA requirement, grace period, breached passwords)",
    tags: ['Authentication policy'],
    response: authPolicySchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/auth-policy',
    access: 'admin',
    permission: 'sign-in:write',
    sessionOnly: true,
    summary: "Changes the tenant's authentication policy",
    tags: ['Authentication policy'],
    body: authPolicyPatchSchema,
    response: authPolicySchema,
  }),
} as const;

export const recoveryCodeEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/api/v1/mfa/recovery-codes',
    access: 'user',
    sessionOnly: true,
    duringMfaEnrolment: true,
    summary: "How many of the caller's recovery codes are left",
    tags: ['MFA'],
    response: recoveryCodesStatusSchema,
  }),
  regenerate: defineEndpoint({
    method: 'POST',
    path: '/api/v1/mfa/recovery-codes',
    access: 'user',
    sessionOnly: true,
    summary:
      'A new set of 10 recovery codes, shown once; the old set stops working (needs a current code or the password)',
    tags: ['MFA'],
    body: mfaStepUpSchema,
    response: recoveryCodesSchema,
  }),
} as const;

export const userMfaEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/users/:id/mfa',
    access: 'admin',
    permission: 'users:read',
    summary: "A user's second factors: how many authenticators, passkeys and recovery codes",
    tags: ['MFA', 'Users'],
    params: idParamsSchema,
    response: userMfaSchema,
  }),
  reset: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/users/:id/mfa',
    access: 'admin',
    permission: 'credentials:reset',
    sessionOnly: true,
    summary: "Removes all of a user's second factors and recovery codes; the user is told by e-mail",
    tags: ['MFA', 'Users'],
    params: idParamsSchema,
    status: 204,
  }),
} as const;
