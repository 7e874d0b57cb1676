import { z } from 'zod';
import { mfaStatusSchema } from '../enums.js';
import { mfaCodeRule } from '../rules/identity.js';
import { mfaNameRule } from '../rules/names.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { listQuerySchema, totalList } from './list.js';

/** The signed-in user's own authenticator devices. */
export const mfaDeviceSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  status: mfaStatusSchema,
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type MfaDevice = z.infer<typeof mfaDeviceSchema>;

/** POST /v1/mfa and PATCH /v1/mfa/:id (rename), and their forms. */
export const mfaDeviceCreateSchema = z.object({ name: mfaNameRule });
export type MfaDeviceCreate = z.input<typeof mfaDeviceCreateSchema>;
export const mfaDevicePatchSchema = mfaDeviceCreateSchema;
export type MfaDevicePatch = z.input<typeof mfaDevicePatchSchema>;
export const mfaDeviceFormSchema = mfaDeviceCreateSchema;

/** Create (and reset) answer the otpauth:// URL the QR dialog draws; it is shown this once only. */
export const mfaDeviceCreatedSchema = z.object({ id: uuidSchema, otpPathUrl: z.string() });
export type MfaDeviceCreated = z.infer<typeof mfaDeviceCreatedSchema>;

/** POST /v1/mfa/verify/:id: the 6-digit code that confirms the device. */
export const mfaVerifySchema = z.object({ code: mfaCodeRule });
export type MfaVerify = z.infer<typeof mfaVerifySchema>;

export const mfaListQuerySchema = listQuerySchema;
export type MfaListQuery = z.input<typeof mfaListQuerySchema>;
export const mfaListSchema = totalList('mfa', mfaDeviceSchema);
export type MfaList = z.infer<typeof mfaListSchema>;
