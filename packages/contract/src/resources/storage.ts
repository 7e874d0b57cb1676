import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { STORAGE_TYPES, storageTypeSchema } from '../enums.js';
import { MESSAGES } from '../messages.js';
import { storageNameRule } from '../rules/names.js';
import {
  AZURE_AUTHENTICATIONS,
  awsS3CredentialsSchema,
  azureBlobCredentialChangesSchema,
  azureBlobCredentialsSchema,
  credentialRule,
  localCredentialsSchema,
} from '../rules/storage.js';
import { emptyOr, isoDateSchema, uuidSchema } from '../rules/text.js';
import { idParamsSchema, limitSchema, offsetSchema, rowsList, searchTextSchema } from './list.js';
import { storageHealthSchema, storageTestResultSchema } from './storage-health.js';

/** Credentials as the API answers them: the secret key of each kind is never read back. */
export const storageCredentialsViewSchema = z.union([
  z.object({
    region: z.string(),
    bucketName: z.string(),
    accessKeyId: z.string(),
    endpoint: z.string().optional(),
  }),
  z.object({
    accountName: z.string(),
    containerName: z.string(),
    authentication: z.enum(AZURE_AUTHENTICATIONS),
  }),
  z.object({}),
]);

/**
 * A backup storage. `isSharedStorage` ones are the platform's, offered to every tenant, and cannot be
 * edited or deleted. The spec calls the kind `storageType` or `type`; ours is `type`.
 */
export const storageSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  type: storageTypeSchema,
  isSharedStorage: z.boolean(),
  credentials: storageCredentialsViewSchema,
  /** What the last test of its credentials found (ours; see storage-health.ts). */
  health: storageHealthSchema,
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Storage = z.infer<typeof storageSchema>;

/**
 * Saving tests the storage first (ours). A storage that fails is refused with 422
 * STORAGE_TEST_FAILED and the problem at its field, unless the administrator confirmed saving it
 * anyway: it is then kept, and shown unhealthy until a check passes.
 */
export const acceptFailedTestSchema = z.boolean().optional();

const typeError = { error: MESSAGES.storageTypeRequired };

/** Kind and credentials, checked per kind; a missing or unknown type reports 'Storage type is required'. */
export const storageCredentialsInputSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('Local'), credentials: localCredentialsSchema.default({}) }),
    z.object({ type: z.literal('AwsS3'), credentials: awsS3CredentialsSchema }),
    z.object({ type: z.literal('AzureBlob'), credentials: azureBlobCredentialsSchema }),
  ],
  typeError,
);

/**
 * POST /v1/storages and the create modal. An intersection, so the name is checked even while the type
 * is still unset.
 */
export const storageCreateSchema = z.intersection(
  z.object({ name: storageNameRule, acceptFailedTest: acceptFailedTestSchema }),
  storageCredentialsInputSchema,
);
export type StorageCreate = z.input<typeof storageCreateSchema>;
export const storageFormSchema = storageCreateSchema;
export type StorageForm = z.input<typeof storageFormSchema>;
/** Create answers the server's message, which the console shows as the toast. */
export const storageCreatedSchema = z.object({ id: uuidSchema, message: z.string() });
export type StorageCreated = z.infer<typeof storageCreatedSchema>;

/** A change of kind or credentials: secrets start empty in the form, and empty (or absent) keeps the stored one. */
const credentialChanges = {
  Local: localCredentialsSchema.default({}),
  AwsS3: awsS3CredentialsSchema.extend({
    secretAccessKey: emptyOr(credentialRule('secretAccessKey')).optional(),
  }),
  AzureBlob: azureBlobCredentialChangesSchema,
} as const;

/** The edit modal: the name and the kind with its credentials (changing the kind needs its secrets again). */
export const storageEditFormSchema = z.intersection(
  z.object({ name: storageNameRule }),
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('Local'), credentials: credentialChanges.Local }),
      z.object({ type: z.literal('AwsS3'), credentials: credentialChanges.AwsS3 }),
      z.object({ type: z.literal('AzureBlob'), credentials: credentialChanges.AzureBlob }),
    ],
    typeError,
  ),
);

/**
 * PATCH /v1/storages/:id changes what it is given: the name, the kind with its credentials, or both.
 * Credentials go with their `type` and are checked by that kind's rules; the service checks that a
 * new kind brings its secrets.
 */
export const storagePatchSchema = z
  .object({
    name: storageNameRule.optional(),
    type: z.enum(STORAGE_TYPES, typeError).optional(),
    credentials: z.record(z.string(), z.unknown()).optional(),
    acceptFailedTest: acceptFailedTestSchema,
  })
  .transform((patch, ctx) => {
    if (patch.type === undefined) {
      if (patch.credentials !== undefined) {
        ctx.issues.push({
          code: 'custom',
          message: MESSAGES.storageTypeRequired,
          path: ['type'],
          input: patch,
        });
      }
      return { name: patch.name, acceptFailedTest: patch.acceptFailedTest };
    }
    const credentials = credentialChanges[patch.type].safeParse(patch.credentials);
    if (!credentials.success) {
      for (const issue of credentials.error.issues) {
        ctx.issues.push({
          code: 'custom',
          message: issue.message,
          path: ['credentials', ...issue.path],
          input: patch.credentials,
        });
      }
      return z.NEVER;
    }
    return {
      name: patch.name,
      type: patch.type,
      credentials: credentials.data as Record<string, string | undefined>,
      acceptFailedTest: patch.acceptFailedTest,
    };
  });

/**
 * POST /v1/storages/test: the create and edit dialogs' "Test connection". With a `storageId` (the edit
 * dialog), secrets left empty are the stored ones, as a save would keep them.
 */
export const storageTestSchema = z.intersection(
  z.object({ storageId: uuidSchema.optional() }),
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('AwsS3'), credentials: credentialChanges.AwsS3 }),
      z.object({ type: z.literal('AzureBlob'), credentials: credentialChanges.AzureBlob }),
    ],
    typeError,
  ),
);
export type StorageTest = z.input<typeof storageTestSchema>;
export type StoragePatch = z.input<typeof storagePatchSchema>;

/** GET /v1/storages; `type` filters by kind. */
export const storageListQuerySchema = z.object({
  limit: limitSchema,
  offset: offsetSchema,
  search: searchTextSchema,
  type: z.enum(STORAGE_TYPES).optional(),
});
export type StorageListQuery = z.input<typeof storageListQuerySchema>;
export const storageListSchema = rowsList(storageSchema);
export type StorageList = z.infer<typeof storageListSchema>;

/**
 * Storages are part of Backup and Archive: every call needs the backup service and an administrator.
 * Lists show the tenant's own storages and the platform's shared ones; shared ones cannot be changed.
 */
export const storageEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/storages',
    access: 'admin',
    permission: 'storages:read',
    service: 'backup',
    summary: "The tenant's storages and the shared ones, newest first",
    tags: ['Storages'],
    query: storageListQuerySchema,
    response: storageListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/storages/:id',
    access: 'admin',
    permission: 'storages:read',
    service: 'backup',
    summary: 'One storage, without its secret key',
    tags: ['Storages'],
    params: idParamsSchema,
    response: storageSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/storages',
    access: 'admin',
    permission: 'storages:write',
    service: 'backup',
    summary: 'Adds a storage; its credentials are kept encrypted',
    tags: ['Storages'],
    body: storageCreateSchema,
    response: storageCreatedSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/storages/:id',
    access: 'admin',
    permission: 'storages:write',
    service: 'backup',
    summary: 'Changes a storage; an empty secret keeps the stored one (shared storages are refused)',
    tags: ['Storages'],
    params: idParamsSchema,
    body: storagePatchSchema,
    response: storageSchema,
  }),
  test: defineEndpoint({
    method: 'POST',
    path: '/api/v1/storages/test',
    access: 'admin',
    permission: 'storages:write',
    service: 'backup',
    summary:
      'Tests credentials before they are saved: writes, reads, lists and deletes a probe object (nothing is stored)',
    tags: ['Storages'],
    body: storageTestSchema,
    response: storageTestResultSchema,
  }),
  check: defineEndpoint({
    method: 'POST',
    path: '/api/v1/storages/:id/check',
    access: 'admin',
    permission: 'storages:write',
    service: 'backup',
    summary: 'Tests a storage now and keeps what it found (Check now); shared storages are refused',
    tags: ['Storages'],
    params: idParamsSchema,
    response: storageSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/storages/:id',
    access: 'admin',
    permission: 'storages:write',
    service: 'backup',
    summary: 'Deletes a storage that no connection uses (shared storages are refused)',
    tags: ['Storages'],
    params: idParamsSchema,
    status: 204,
  }),
} as const;
