import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { STORAGE_TYPES, storageTypeSchema } from '../enums.js';
import { MESSAGES } from '../messages.js';
import { storageNameRule } from '../rules/names.js';
import {
  awsS3CredentialsSchema,
  azureBlobCredentialsSchema,
  credentialRule,
  localCredentialsSchema,
} from '../rules/storage.js';
import { emptyOr, isoDateSchema, uuidSchema } from '../rules/text.js';
import { idParamsSchema, limitSchema, offsetSchema, rowsList, searchTextSchema } from './list.js';

/** Credentials as the API answers them: the secret key of each kind is never read back. */
export const storageCredentialsViewSchema = z.union([
  z.object({ region: z.string(), bucketName: z.string(), accessKeyId: z.string() }),
  z.object({ accountName: z.string(), containerName: z.string() }),
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
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Storage = z.infer<typeof storageSchema>;

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
  z.object({ name: storageNameRule }),
  storageCredentialsInputSchema,
);
export type StorageCreate = z.input<typeof storageCreateSchema>;
export const storageFormSchema = storageCreateSchema;
export type StorageForm = z.input<typeof storageFormSchema>;
/** Create answers the server's message, which the console shows as the toast. */
export const storageCreatedSchema = z.object({ id: uuidSchema, message: z.string() });
export type StorageCreated = z.infer<typeof storageCreatedSchema>;

/**
 * PATCH /v1/storages/:id and the edit modal. Secrets start empty in the form and empty (or absent)
 * keeps the stored secret; changing the type needs them given again (the service checks).
 */
export const storagePatchSchema = z.intersection(
  z.object({ name: storageNameRule }),
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('Local'), credentials: localCredentialsSchema.default({}) }),
      z.object({
        type: z.literal('AwsS3'),
        credentials: awsS3CredentialsSchema.extend({
          secretAccessKey: emptyOr(credentialRule('secretAccessKey')).optional(),
        }),
      }),
      z.object({
        type: z.literal('AzureBlob'),
        credentials: azureBlobCredentialsSchema.extend({
          accountKey: emptyOr(credentialRule('accountKey')).optional(),
        }),
      }),
    ],
    typeError,
  ),
);
export type StoragePatch = z.input<typeof storagePatchSchema>;
export const storageEditFormSchema = storagePatchSchema;

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
    service: 'backup',
    summary: 'Changes a storage; an empty secret keeps the stored one (shared storages are refused)',
    tags: ['Storages'],
    params: idParamsSchema,
    body: storagePatchSchema,
    response: storageSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/storages/:id',
    access: 'admin',
    service: 'backup',
    summary: 'Deletes a storage that no connection uses (shared storages are refused)',
    tags: ['Storages'],
    params: idParamsSchema,
    status: 204,
  }),
} as const;
