import { z } from 'zod';
import { licenseServiceSchema, licenseStateSchema, serviceKeySchema } from '../enums.js';
import { isoDateSchema } from '../rules/text.js';

/**
 * One limit of a licence. Backup shows Resource and Limit (`available`; storage in MB shown as GB,
 * retention in years); DevOps shows the edition's Used and Available seats. `used` is null where a
 * limit has no usage.
 */
export const licenseLimitSchema = z.object({
  name: z.string(),
  label: z.string(),
  available: z.number(),
  used: z.number().nullable(),
});
export type LicenseLimit = z.infer<typeof licenseLimitSchema>;

export const licenseSchema = z.object({
  edition: z.string(),
  endDate: isoDateSchema,
  isTrial: z.boolean(),
  limits: z.array(licenseLimitSchema),
});
export type License = z.infer<typeof licenseSchema>;

/** GET /v1/licenses?service=Dbr|Devops; null when the tenant has no licence for it. */
export const licenseQuerySchema = z.object({ service: licenseServiceSchema });
export type LicenseQuery = z.infer<typeof licenseQuerySchema>;
export const licenseResponseSchema = z.object({ license: licenseSchema.nullable() });
export type LicenseResponse = z.infer<typeof licenseResponseSchema>;

/** GET /v1/licenses/state/dbr and /v1/licenses/state/devops. */
export const licenseStateResponseSchema = z.object({ state: licenseStateSchema });
export type LicenseStateResponse = z.infer<typeof licenseStateResponseSchema>;

/** POST /v1/licenses/enable-trial: the product is one of the tenant's services. */
export const enableTrialSchema = z.object({ product: serviceKeySchema });
export type EnableTrial = z.infer<typeof enableTrialSchema>;

/** Backup limits: storage values are divided by 1000 and shown as GB. */
export const storageLimitInGb = (value: number) => value / 1000;
