import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import type { ChipColor } from '../enums.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { STORAGE_PERMISSIONS, STORAGE_PROBLEM_KINDS } from '../storage-messages.js';
import { idParamsSchema } from './list.js';

/**
 * A storage's health (ours: the spec has none): what the last test of its credentials found. The
 * server writes, reads back, lists and deletes a small probe object under STORAGE_PROBE_PREFIX with
 * the cloud's own SDK, when the storage is saved, every hour, and on demand ("Check now").
 */
export const STORAGE_PROBE_PREFIX = 'skyvault-probe/';
export const STORAGE_HEALTH_STATUSES = ['Healthy', 'Unhealthy'] as const;
export const storageHealthStatusSchema = z.enum(STORAGE_HEALTH_STATUSES);
export type StorageHealthStatus = z.infer<typeof storageHealthStatusSchema>;
export const storageProblemKindSchema = z.enum(STORAGE_PROBLEM_KINDS);
export const storagePermissionSchema = z.enum(STORAGE_PERMISSIONS);

/** What failed, in plain words, and the form field it belongs to (null: the form as a whole). */
export const storageProblemSchema = z.object({
  kind: storageProblemKindSchema,
  /** AccessDenied: the permission that is missing. */
  permission: storagePermissionSchema.nullable(),
  /** WrongRegion: the region the bucket is in. */
  actualRegion: z.string().nullable(),
  field: z.string().nullable(),
  message: z.string(),
});
export type StorageProblem = z.infer<typeof storageProblemSchema>;

/**
 * What the bucket or container reports that matters for backups. Unknown: the credentials may not
 * read that setting (least-privilege keys often cannot), which is not a failure.
 */
export const storagePropertiesSchema = z.object({
  versioning: z.enum(['Enabled', 'Suspended', 'Disabled', 'Unknown']),
  /** S3 Object Lock, Azure immutability (a version-level WORM policy or a legal hold). */
  immutability: z.enum(['Enabled', 'Disabled', 'Unknown']),
  /** Default encryption at rest as the cloud names it (SSE-S3, SSE-KMS…); null: unknown. */
  encryption: z.string().nullable(),
});
export type StorageProperties = z.infer<typeof storagePropertiesSchema>;

export const STORAGE_TEST_STEPS = ['write', 'read', 'list', 'delete'] as const;
/** One test: each step tried in order until one fails. */
export const storageTestResultSchema = z.object({
  ok: z.boolean(),
  problem: storageProblemSchema.nullable(),
  steps: z.array(z.object({ step: z.enum(STORAGE_TEST_STEPS), ok: z.boolean() })),
  properties: storagePropertiesSchema.nullable(),
  durationMs: z.number().int(),
});
export type StorageTestResult = z.infer<typeof storageTestResultSchema>;

/**
 * A storage's health as lists and pages show it. `status` null: never checked (a Local storage, the
 * platform's own, is never checked here). For a shared storage a tenant sees the status only.
 */
export const storageHealthSchema = z.object({
  status: storageHealthStatusSchema.nullable(),
  problem: storageProblemSchema.nullable(),
  checkedAt: isoDateSchema.nullable(),
  lastSuccessAt: isoDateSchema.nullable(),
  changedAt: isoDateSchema.nullable(),
  properties: storagePropertiesSchema.nullable(),
});
export type StorageHealth = z.infer<typeof storageHealthSchema>;

export const STORAGE_CHECK_TRIGGERS = ['schedule', 'manual', 'save'] as const;
export const storageCheckSchema = z.object({
  id: uuidSchema,
  checkedAt: isoDateSchema,
  trigger: z.enum(STORAGE_CHECK_TRIGGERS),
  status: storageHealthStatusSchema,
  problem: storageProblemKindSchema.nullable(),
  message: z.string().nullable(),
  durationMs: z.number().int(),
});
export type StorageCheck = z.infer<typeof storageCheckSchema>;
export const storageChecksSchema = z.object({ rows: z.array(storageCheckSchema) });
export type StorageChecks = z.infer<typeof storageChecksSchema>;
/** How many checks the storage page lists. */
export const STORAGE_CHECKS_SHOWN = 30;

/** The tenant's own storages that failed their last check, for the console's banner. */
export const unhealthyStoragesSchema = z.object({
  rows: z.array(z.object({ id: uuidSchema, name: z.string(), problem: storageProblemKindSchema.nullable() })),
  count: z.number().int(),
});
export type UnhealthyStorages = z.infer<typeof unhealthyStoragesSchema>;

/** What the platform allows in the storage forms. */
export const storageSettingsSchema = z.object({ customEndpoints: z.boolean() });
export type StorageSettings = z.infer<typeof storageSettingsSchema>;

export const STORAGE_HEALTH_LABELS: Record<StorageHealthStatus, string> = {
  Healthy: 'Healthy',
  Unhealthy: 'Unhealthy',
};
export const STORAGE_HEALTH_COLORS: Record<StorageHealthStatus, ChipColor> = {
  Healthy: 'success',
  Unhealthy: 'error',
};
export const STORAGE_PROBLEM_LABELS: Record<(typeof STORAGE_PROBLEM_KINDS)[number], string> = {
  InvalidCredentials: 'Credentials refused',
  AccessDenied: 'Permission missing',
  BucketNotFound: 'Bucket not found',
  ContainerNotFound: 'Container not found',
  WrongRegion: 'Wrong region',
  Unreachable: 'Unreachable',
  Throttled: 'Throttled',
  EndpointNotAllowed: 'Endpoint not allowed',
};
export const STORAGE_NOT_CHECKED = 'Not checked';

export const storageHealthEndpoints = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/v1/storages/settings',
    access: 'admin',
    permission: 'storages:read',
    service: 'backup',
    summary: 'What the platform allows in the storage forms (custom S3-compatible endpoints)',
    tags: ['Storages'],
    response: storageSettingsSchema,
  }),
  unhealthy: defineEndpoint({
    method: 'GET',
    path: '/api/v1/storages/unhealthy',
    access: 'admin',
    permission: 'storages:read',
    service: 'backup',
    summary: "The tenant's storages whose last check failed (for the console banner)",
    tags: ['Storages'],
    response: unhealthyStoragesSchema,
  }),
  checks: defineEndpoint({
    method: 'GET',
    path: '/api/v1/storages/:id/checks',
    access: 'admin',
    permission: 'storages:read',
    service: 'backup',
    summary: "A storage's last checks, newest first (not for shared storages)",
    tags: ['Storages'],
    params: idParamsSchema,
    response: storageChecksSchema,
  }),
} as const;
