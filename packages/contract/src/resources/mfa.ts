import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { mfaStatusSchema } from '../enums.js';
import { currentPasswordRule, mfaCodeRule } from '../rules/identity.js';
import { mfaNameRule } from '../rules/names.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { idParamsSchema, listQuerySchema, totalList } from './list.js';

/** The signed-in user's own authenticator devices. */
export const mfaDeviceSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  status: mfaStatusSchema,
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type MfaDevice = z.infer<typeof mfaDeviceSchema>;

/** The proof of a current factor (the step-up): a code from an enabled device, or the account password. */
const stepUpFields = { code: mfaCodeRule.optional(), password: currentPasswordRule.optional() };

/** PATCH /v1/mfa/:id (rename), and the name form of Add and Rename. */
export const mfaDevicePatchSchema = z.object({ name: mfaNameRule });
export type MfaDevicePatch = z.input<typeof mfaDevicePatchSchema>;
export const mfaDeviceFormSchema = mfaDevicePatchSchema;

/**
 * POST /v1/mfa: a user who already has a factor (an enabled device or a passkey) adds another only with
 * the step-up's proof beside the name (see mfaStepUpSchema), so that a session alone cannot add a
 * factor of its own to the account.
 */
export const mfaDeviceCreateSchema = mfaDevicePatchSchema.extend(stepUpFields);
export type MfaDeviceCreate = z.input<typeof mfaDeviceCreateSchema>;

/** Create (and reset) answer the otpauth:// URL the QR dialog draws; it is shown this once only. */
export const mfaDeviceCreatedSchema = z.object({ id: uuidSchema, otpPathUrl: z.string() });
export type MfaDeviceCreated = z.infer<typeof mfaDeviceCreatedSchema>;

/** POST /v1/mfa/verify/:id: the 6-digit code that confirms the device. */
export const mfaVerifySchema = z.object({ code: mfaCodeRule });
export type MfaVerify = z.infer<typeof mfaVerifySchema>;
/** The first factor a user enables comes with their recovery codes, shown this once. */
export const mfaDeviceVerifiedSchema = mfaDeviceSchema.extend({
  recoveryCodes: z.array(z.string()).optional(),
});
export type MfaDeviceVerified = z.infer<typeof mfaDeviceVerifiedSchema>;

/**
 * The body of Disable, Delete and Reset secret: removing a factor that guards the login asks for a
 * current one, so that a session alone (a stolen cookie) cannot strip MFA from the account. Adding one
 * (a device, a passkey's registration options) asks for it too once the user has a factor. Either a
 * code that one of the user's enabled devices gives now (the device itself included), or the account
 * password, which still works when the phone is lost; the code is checked when both are given. A
 * device that is not enabled guards no login and needs neither, so the body may be left out.
 */
export const mfaStepUpSchema = z
  .object(stepUpFields)
  // Fastify hands a request without a body over as null.
  .nullish();
export type MfaStepUp = z.input<typeof mfaStepUpSchema>;
/** One proof, as the console sends it: a code or the password. */
export type MfaStepUpProof = { code: string } | { password: string };

/** The console's step-up field asks for one factor at a time, each with its own rule. */
export const mfaStepUpFormSchemas = {
  code: z.object({ code: mfaCodeRule }),
  password: z.object({ password: currentPasswordRule }),
} as const;
export type MfaStepUpMethod = keyof typeof mfaStepUpFormSchemas;

export const mfaListQuerySchema = listQuerySchema;
export type MfaListQuery = z.input<typeof mfaListQuerySchema>;
export const mfaListSchema = totalList('mfa', mfaDeviceSchema);
export type MfaList = z.infer<typeof mfaListSchema>;

export const mfaEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/mfa',
    access: 'user',
    sessionOnly: true,
    duringMfaEnrolment: true,
    summary: "The signed-in user's MFA devices",
    tags: ['MFA'],
    query: mfaListQuerySchema,
    response: mfaListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/mfa/:id',
    access: 'user',
    sessionOnly: true,
    duringMfaEnrolment: true,
    summary: 'One MFA device',
    tags: ['MFA'],
    params: idParamsSchema,
    response: mfaDeviceSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/mfa',
    access: 'user',
    sessionOnly: true,
    duringMfaEnrolment: true,
    summary:
      'Adds a device (with a current code or the password once the user has a factor); answers its otpauth URL once, for the QR code',
    tags: ['MFA'],
    body: mfaDeviceCreateSchema,
    response: mfaDeviceCreatedSchema,
    status: 201,
  }),
  rename: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/mfa/:id',
    access: 'user',
    sessionOnly: true,
    summary: 'Renames a device',
    tags: ['MFA'],
    params: idParamsSchema,
    body: mfaDevicePatchSchema,
    response: mfaDeviceSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/mfa/:id',
    access: 'user',
    sessionOnly: true,
    // Leaving the QR dialog during enrolment deletes the device that was never confirmed.
    duringMfaEnrolment: true,
    summary: 'Deletes a device (an enabled one only with a current code or the password)',
    tags: ['MFA'],
    params: idParamsSchema,
    body: mfaStepUpSchema,
    status: 204,
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/api/v1/mfa/verify/:id',
    access: 'user',
    sessionOnly: true,
    duringMfaEnrolment: true,
    summary: 'Confirms a new (or reset) device with a code from it; the device is then enabled',
    tags: ['MFA'],
    params: idParamsSchema,
    body: mfaVerifySchema,
    response: mfaDeviceVerifiedSchema,
  }),
  reset: defineEndpoint({
    method: 'POST',
    path: '/api/v1/mfa/reset/:id',
    access: 'user',
    sessionOnly: true,
    summary:
      'Gives a device a new secret; it waits for confirmation again (with a current code or the password when the device is enabled or the user has another factor)',
    tags: ['MFA'],
    params: idParamsSchema,
    body: mfaStepUpSchema,
    response: mfaDeviceCreatedSchema,
  }),
  enable: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/mfa/:id/enable',
    access: 'user',
    sessionOnly: true,
    summary: 'Enables a disabled device',
    tags: ['MFA'],
    params: idParamsSchema,
    response: mfaDeviceSchema,
  }),
  disable: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/mfa/:id/disable',
    access: 'user',
    sessionOnly: true,
    summary: 'Disables an enabled device (an enabled one only with a current code or the password)',
    tags: ['MFA'],
    params: idParamsSchema,
    body: mfaStepUpSchema,
    response: mfaDeviceSchema,
  }),
} as const;
