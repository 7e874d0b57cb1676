import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { AUTHORIZATION_METHODS, type ChipColor, CONNECTION_TYPES, organizationTypeSchema } from '../enums.js';
import {
  connectionNameRule,
  encryptionKeyRule,
  storageIdRule,
  typedConnectionNameRule,
} from '../rules/names.js';
import { isoDateSchema, uuidSchema } from '../rules/text.js';
import { connectionHealthSchema, connectionOrgSchema } from './connection-health.js';
import { idParamsSchema, limitSchema, offsetSchema, rowsList, searchTextSchema } from './list.js';

/**
 * How far the Salesforce authorisation got: `pending` until the browser comes back from the Salesforce
 * login, then `connected`, or `failed` with the reason in `lastError` (Update Token tries again).
 */
export const CONNECTION_STATUSES = ['pending', 'connected', 'failed'] as const;
export const connectionStatusSchema = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;
/** Chip texts and colours (ours: the spec lists connections without a status). Connected shows no chip. */
export const CONNECTION_STATUS_LABELS: Record<ConnectionStatus, string> = {
  pending: 'Waiting for Salesforce login',
  connected: 'Connected',
  failed: 'Failed',
};
export const CONNECTION_STATUS_COLORS: Record<ConnectionStatus, ChipColor> = {
  pending: 'warning',
  connected: 'success',
  failed: 'error',
};

/** A Salesforce org connection. The spec answers its id as both `connectionId` and `id`. */
export const connectionSchema = z.object({
  id: uuidSchema,
  connectionId: uuidSchema,
  name: z.string(),
  type: z.enum(CONNECTION_TYPES),
  organizationType: organizationTypeSchema,
  /** The Salesforce user the connection acts as; empty until the first login completes. */
  userName: z.string(),
  status: connectionStatusSchema,
  /** Why the last Salesforce authorisation failed, in words a person can act on; null once it succeeds. */
  lastError: z.string().nullable(),
  createdBy: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  createdAt: isoDateSchema,
  /** Last activity: the last change to the connection (creation or token renewal). */
  updatedAt: isoDateSchema,
  /** What the last check of the Salesforce grant found; null until a check has run. */
  health: connectionHealthSchema.nullable(),
});
export type Connection = z.infer<typeof connectionSchema>;

/**
 * GET /v1/connections/:id: the connection with the org it is pinned to, and the storage it backs up to
 * (null without Backup), whose page shows that storage's health.
 */
export const connectionDetailSchema = connectionSchema.extend({
  org: connectionOrgSchema,
  storageId: uuidSchema.nullable(),
});
export type ConnectionDetail = z.infer<typeof connectionDetailSchema>;

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
 * a string here. Storage and key go together: a tenant with Backup must give both, a tenant without
 * gives neither; the service checks which, as only it knows the tenant's services.
 */
export const connectionCreateSchema = z.object({
  name: connectionNameRule,
  type: z.enum(CONNECTION_TYPES).default('Salesforce'),
  config: connectionConfigSchema,
  storageId: storageIdRule.optional(),
  encryptionKey: encryptionKeyRule.optional(),
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
  /**
   * The administrator confirmed that this login may pin the connection to another org id (a refreshed
   * sandbox). Without it a login to another org is refused; a Production connection refuses it always.
   */
  rebind: z.boolean().default(false),
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

/**
 * Where Salesforce sends the browser back after its login (a browser redirect, not a JSON call), and
 * the query parameters with which that redirect then lands on the Connections screen.
 */
export const CONNECTION_OAUTH_CALLBACK_PATH = '/api/v1/connections/oauth/callback';
export const CONNECTION_RETURN_PARAMS = { connected: 'connected', failed: 'failed' } as const;
/** `?failed=state`: the login could not be matched to a connection (unknown, expired or used link). */
export const CONNECTION_RETURN_STATE_FAILED = 'state';

export const connectionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/connections',
    access: 'admin',
    permission: 'connections:read',
    summary: "The tenant's Salesforce connections, searchable by name and Salesforce username",
    tags: ['Connections'],
    query: connectionListQuerySchema,
    response: connectionListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/connections',
    access: 'admin',
    permission: 'connections:write',
    summary: 'Creates a pending connection and answers the Salesforce login address the browser goes to',
    tags: ['Connections'],
    body: connectionCreateSchema,
    response: connectionCreatedSchema,
    status: 201,
  }),
  renew: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/connections/:id/renew',
    access: 'admin',
    permission: 'connections:write',
    summary: 'Update Token: answers a new Salesforce login address for an existing connection',
    tags: ['Connections'],
    params: idParamsSchema,
    body: connectionRenewSchema,
    response: connectionRenewedSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/connections/:id',
    access: 'admin',
    permission: 'connections:read',
    summary: 'One connection with its health and the org it is pinned to',
    tags: ['Connections'],
    params: idParamsSchema,
    response: connectionDetailSchema,
  }),
  check: defineEndpoint({
    method: 'POST',
    path: '/api/v1/connections/:id/check',
    access: 'admin',
    permission: 'connections:write',
    summary: "Check now: checks the connection's Salesforce grant at once and answers the connection",
    tags: ['Connections'],
    params: idParamsSchema,
    response: connectionDetailSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/connections/:id',
    access: 'admin',
    permission: 'connections:write',
    summary: 'Deletes a connection and revokes its Salesforce token',
    tags: ['Connections'],
    params: idParamsSchema,
    status: 204,
  }),
} as const;

/** Toasts of the return from the Salesforce login (ours: the spec words only the delete toast). */
export const CONNECTION_TOASTS = {
  created: 'Connection was successfully created',
  tokenUpdated: 'Connection token was successfully updated',
  loginUnmatched:
    'The Salesforce login could not be matched to a connection: it expired, was already used or was ' +
    'started by another user. Please try again.',
  loginFailed: 'The Salesforce login failed. Use Update Token to try again.',
} as const;
