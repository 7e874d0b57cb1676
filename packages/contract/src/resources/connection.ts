import { z } from 'zod';
import { AUTHORIZATION_METHODS, CONNECTION_TYPES, organizationTypeSchema } from '../enums.js';
import { MESSAGES } from '../messages.js';
import {
  connectionNameRule,
  encryptionKeyRule,
  storageIdRule,
  typedConnectionNameRule,
} from '../rules/names.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { limitSchema, offsetSchema, rowsList, searchTextSchema } from './list.js';

/** A Salesforce org connection. The spec answers its id as both `connectionId` and `id`. */
export const connectionSchema = z.object({
  id: uuidSchema,
  connectionId: uuidSchema,
  name: z.string(),
  type: z.enum(CONNECTION_TYPES),
  organizationType: organizationTypeSchema,
  /** The Salesforce user the connection acts as. */
  userName: z.string(),
  createdBy: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  createdAt: isoDateSchema,
  /** Last activity: the last change to the connection (creation or token renewal). */
  updatedAt: isoDateSchema,
});
export type Connection = z.infer<typeof connectionSchema>;

export const CONNECTION_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export type ConnectionSortField = (typeof CONNECTION_SORT_FIELDS)[number];
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The list's sort dropdown; "activity" is `updatedAt`. With none chosen, newest created first. */
export const CONNECTION_SORT_OPTIONS = [
  { id: 'nameAsc', label: 'Name A-Z', sort: 'name', order: 'ASC' },
  { id: 'nameDesc', label: 'Name Z-A', sort: 'name', order: 'DESC' },
  { id: 'latestActivity', label: 'Latest activity', sort: 'updatedAt', order: 'DESC' },
  { id: 'oldestActivity', label: 'Oldest activity', sort: 'updatedAt', order: 'ASC' },
] as const satisfies readonly { id: string; label: string; sort: ConnectionSortField; order: SortOrder }[];
export const DEFAULT_CONNECTION_SORT = { sort: 'createdAt', order: 'DESC' } as const;

/** GET /v1/connections. */
export const connectionListQuerySchema = z.object({
  limit: limitSchema,
  offset: offsetSchema,
  sort: z.enum(CONNECTION_SORT_FIELDS).default(DEFAULT_CONNECTION_SORT.sort),
  order: z.enum(SORT_ORDERS).default(DEFAULT_CONNECTION_SORT.order),
  search: searchTextSchema,
  organizationType: organizationTypeSchema.optional(),
});
export type ConnectionListQuery = z.input<typeof connectionListQuerySchema>;
export const connectionListSchema = rowsList(connectionSchema);
export type ConnectionList = z.infer<typeof connectionListSchema>;

export const connectionConfigSchema = z.object({
  authorizationMethod: z.enum(AUTHORIZATION_METHODS).default('authorization_code'),
  organizationType: organizationTypeSchema,
});

/**
 * POST /v1/connections. The spec's storageId is a number; our ids are UUID strings everywhere, so it is
 * a string here. Storage and key go together: a tenant with Backup must give both (the service checks
 * that, as only it knows the tenant's services), a tenant without gives neither.
 */
export const connectionCreateSchema = z
  .object({
    name: connectionNameRule,
    type: z.enum(CONNECTION_TYPES).default('Salesforce'),
    config: connectionConfigSchema,
    storageId: storageIdRule.optional(),
    encryptionKey: encryptionKeyRule.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.encryptionKey !== undefined && value.storageId === undefined) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.storageRequired, path: ['storageId'] });
    }
    if (value.storageId !== undefined && value.encryptionKey === undefined) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.encryptionKeyRequired, path: ['encryptionKey'] });
    }
  });
export type ConnectionCreate = z.input<typeof connectionCreateSchema>;
/** Create and renew answer the Salesforce login address the browser goes to (spelled as the spec has it). */
export const connectionCreatedSchema = z.object({ loginURI: z.string() });
export type ConnectionCreated = z.infer<typeof connectionCreatedSchema>;

/** PATCH /v1/connections/:id/renew ('Update Token'). */
export const connectionRenewSchema = z.object({
  connectionId: uuidSchema,
  organizationType: organizationTypeSchema,
  authorizationMethod: z.enum(AUTHORIZATION_METHODS).default('authorization_code'),
});
export type ConnectionRenew = z.input<typeof connectionRenewSchema>;
export const connectionRenewedSchema = z.object({ loginUri: z.string() });
export type ConnectionRenewed = z.infer<typeof connectionRenewedSchema>;

/** The create modal without Backup: name and connection type. */
export const connectionFormSchema = z.object({
  name: connectionNameRule,
  organizationType: organizationTypeSchema,
});
export type ConnectionForm = z.input<typeof connectionFormSchema>;
/** The create modal when the tenant has Backup: storage and encryption key are required. */
export const backupConnectionFormSchema = connectionFormSchema.extend({
  storageId: storageIdRule,
  encryptionKey: encryptionKeyRule,
});
export type BackupConnectionForm = z.input<typeof backupConnectionFormSchema>;

/** The form's values as the create call takes them. */
export function toConnectionCreate(
  form: z.output<typeof connectionFormSchema> & {
    storageId?: string;
    encryptionKey?: string;
  },
): ConnectionCreate {
  const { name, organizationType, storageId, encryptionKey } = form;
  return { name, type: 'Salesforce', config: { organizationType }, storageId, encryptionKey };
}

/** The delete modal: type the connection's name to confirm. */
export const deleteConnectionFormSchema = (connectionName: string) =>
  z.object({ name: typedConnectionNameRule(connectionName) });
export type DeleteConnectionForm = { name: string };
