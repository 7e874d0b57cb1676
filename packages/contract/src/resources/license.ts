import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import {
  LICENSE_SERVICES,
  type LicenseService,
  licenseStateSchema,
  SERVICE_KEYS,
  type ServiceKey,
} from '../enums.js';
import { MESSAGES } from '../messages.js';
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

/** Texts of the two licence inputs (ours: the spec words none); an empty query value counts as missing. */
export const LICENSE_MESSAGES = {
  serviceRequired: MESSAGES.required('Service'),
  serviceInvalid: `Service should be one of: ${LICENSE_SERVICES.join(', ')}`,
  productRequired: MESSAGES.required('Product'),
  productInvalid: `Product should be one of: ${SERVICE_KEYS.join(', ')}`,
} as const;

const choiceOf = <const T extends readonly [string, ...string[]]>(
  values: T,
  required: string,
  invalid: string,
) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === '' ? required : invalid,
  });

/** GET /v1/licenses?service=Dbr|Devops; null when the tenant has no licence for it. */
export const licenseQuerySchema = z.object({
  service: choiceOf(LICENSE_SERVICES, LICENSE_MESSAGES.serviceRequired, LICENSE_MESSAGES.serviceInvalid),
});
export type LicenseQuery = z.infer<typeof licenseQuerySchema>;
export const licenseResponseSchema = z.object({ license: licenseSchema.nullable() });
export type LicenseResponse = z.infer<typeof licenseResponseSchema>;

/** GET /v1/licenses/state/dbr and /v1/licenses/state/devops. */
export const licenseStateResponseSchema = z.object({ state: licenseStateSchema });
export type LicenseStateResponse = z.infer<typeof licenseStateResponseSchema>;

/** POST /v1/licenses/enable-trial: the product is one of the tenant's services. */
export const enableTrialSchema = z.object({
  product: choiceOf(SERVICE_KEYS, LICENSE_MESSAGES.productRequired, LICENSE_MESSAGES.productInvalid),
});
export type EnableTrial = z.infer<typeof enableTrialSchema>;
/** The trial licence just started. */
export const trialStartedSchema = z.object({ license: licenseSchema });
export type TrialStarted = z.infer<typeof trialStartedSchema>;

/** Backup limits: storage values are divided by 1000 and shown as GB. */
export const storageLimitInGb = (value: number) => value / 1000;

/** The product (service key) whose licence a `service` query names; the reverse of LICENSE_SERVICE_BY_PRODUCT. */
export const PRODUCT_BY_LICENSE_SERVICE: Record<LicenseService, ServiceKey> = {
  Dbr: 'backup',
  Devops: 'devOps',
};

/**
 * Names of the limits a licence carries; operators grant licences with the same names. The two DevOps
 * limits are the seats of the role licence levels (Full access, Read access): a user takes a seat of
 * the level that their group's role grants.
 */
export const LICENSE_LIMIT_NAMES = {
  /** Backup storage in MB (shown as GB). */
  storage: 'storage',
  /** How long backups are kept, in years. */
  retention: 'retention',
  /** Salesforce organizations that may be backed up. */
  organizations: 'organizations',
  devopsFullAccess: 'devopsFullAccess',
  devopsReadAccess: 'devopsReadAccess',
} as const;

/**
 * The limits each product's licence knows: the operator's `license` command refuses any other name, so
 * that a typo never becomes a limit nothing reads.
 */
export const PRODUCT_LIMIT_NAMES: Record<LicenseService, readonly string[]> = {
  Dbr: [LICENSE_LIMIT_NAMES.storage, LICENSE_LIMIT_NAMES.retention, LICENSE_LIMIT_NAMES.organizations],
  Devops: [LICENSE_LIMIT_NAMES.devopsFullAccess, LICENSE_LIMIT_NAMES.devopsReadAccess],
};

export interface LicenseGrant {
  edition: string;
  limits: { name: string; label: string; available: number }[];
}

/**
 * What a 14-day trial grants, once per tenant and product. Small enough to try the product on one
 * Salesforce org, not to run it: Backup & Archive gets 10 GB of storage (10000 MB), one year of
 * retention and one organization; DevOps gets five seats of each licence level. The console lists
 * these in its trial offer, so the offer always says what the trial really gives.
 */
export const TRIAL_LICENSES: Record<LicenseService, LicenseGrant> = {
  Dbr: {
    edition: 'Backup & Archive Trial',
    limits: [
      { name: LICENSE_LIMIT_NAMES.storage, label: 'Storage', available: 10_000 },
      { name: LICENSE_LIMIT_NAMES.retention, label: 'Retention', available: 1 },
      { name: LICENSE_LIMIT_NAMES.organizations, label: 'Organizations', available: 1 },
    ],
  },
  Devops: {
    edition: 'DevOps Trial',
    limits: [
      { name: LICENSE_LIMIT_NAMES.devopsFullAccess, label: 'Full access', available: 5 },
      { name: LICENSE_LIMIT_NAMES.devopsReadAccess, label: 'Read access', available: 5 },
    ],
  },
};

export const licenseEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/licenses',
    access: 'admin',
    permission: 'organization:read',
    summary: "The tenant's licence of one product (Dbr: Backup and Archive, Devops: DevOps), or null",
    tags: ['Licenses'],
    query: licenseQuerySchema,
    response: licenseResponseSchema,
  }),
  dbrState: defineEndpoint({
    method: 'GET',
    path: '/api/v1/licenses/state/dbr',
    access: 'user',
    service: 'backup',
    summary: 'Whether the tenant has no, an expired or an active Backup and Archive licence',
    tags: ['Licenses'],
    response: licenseStateResponseSchema,
  }),
  devopsState: defineEndpoint({
    method: 'GET',
    path: '/api/v1/licenses/state/devops',
    access: 'user',
    service: 'devOps',
    summary: 'Whether the tenant has no, an expired or an active DevOps licence',
    tags: ['Licenses'],
    response: licenseStateResponseSchema,
  }),
  enableTrial: defineEndpoint({
    method: 'POST',
    path: '/api/v1/licenses/enable-trial',
    access: 'admin',
    permission: 'organization:write',
    summary: 'Starts the 14-day trial of a product, once per tenant and product',
    tags: ['Licenses'],
    body: enableTrialSchema,
    response: trialStartedSchema,
    status: 201,
  }),
} as const;
