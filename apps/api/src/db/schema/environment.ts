import type { StorageProblem, StorageProperties } from '@skyvault/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from './columns.js';
import { tenants } from './tenants.js';

export interface LicenseLimitValue {
  name: string;
  label: string;
  available: number;
}

/**
 * One licence per tenant and product (Dbr = Backup and Archive, Devops = DevOps). Operators grant,
 * extend and expire them with the CLI; a tenant may start one 14-day trial per product, which
 * `trialUsed` remembers even after a paid licence replaces it.
 */
export const licenses = pgTable(
  'licenses',
  {
    ...tenantColumns(),
    product: text('product', { enum: ['Dbr', 'Devops'] }).notNull(),
    edition: text('edition').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    isTrial: boolean('is_trial').notNull().default(false),
    trialUsed: boolean('trial_used').notNull().default(false),
    limits: jsonb('limits').$type<LicenseLimitValue[]>().notNull().default(sql`'[]'::jsonb`),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    uniqueIndex('licenses_tenant_product_key').on(t.tenantId, t.product),
  ],
);

/**
 * Where backups go. A tenant's own storages carry its tenant_id; shared storages, created by platform
 * operators for every tenant, have none (so this table's key is the id alone, and its row-level
 * security lets every tenant read shared rows but write only its own). Credentials are one sealed
 * JSON document.
 */
export const storages = pgTable(
  'storages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['Local', 'AwsS3', 'AzureBlob'] }).notNull(),
    isShared: boolean('is_shared').notNull().default(false),
    credentials: text('credentials'),
    ...timestamps(),

    // Health: what the last test of the credentials found, and when the scheduler looks again
    // (see modules/storages/health).
    healthStatus: text('health_status', { enum: ['Healthy', 'Unhealthy'] }),
    healthProblem: jsonb('health_problem').$type<StorageProblem>(),
    healthProperties: jsonb('health_properties').$type<StorageProperties>(),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
    healthChangedAt: timestamp('health_changed_at', { withTimezone: true, mode: 'date' }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true, mode: 'date' }),
    /** Held by the process running the scheduled check. */
    checkLeaseUntil: timestamp('check_lease_until', { withTimezone: true, mode: 'date' }),
    /** Who created it, told when it turns unhealthy (null: before this was kept, the operators, or deleted). */
    createdBy: uuid('created_by'),
    /** Failed checks in a row, for the retry backoff. */
    checkFailures: integer('check_failures').notNull().default(0),
  },
  (t) => [
    uniqueIndex('storages_tenant_name_key').on(
      sql`coalesce(${t.tenantId}::text, 'shared')`,
      sql`lower(${t.name})`,
    ),
    index('storages_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('storages_next_check_idx').on(t.nextCheckAt).where(sql`${t.type} <> 'Local'`),
    index('storages_tenant_unhealthy_idx').on(t.tenantId).where(sql`${t.healthStatus} = 'Unhealthy'`),
  ],
);

/** One check of a storage. A shared storage's checks have no tenant, so no tenant sees them. */
export const storageChecks = pgTable(
  'storage_checks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    storageId: uuid('storage_id')
      .notNull()
      .references(() => storages.id, { onDelete: 'cascade' }),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }).notNull(),
    trigger: text('trigger', { enum: ['schedule', 'manual', 'save'] }).notNull(),
    status: text('status', { enum: ['Healthy', 'Unhealthy'] }).notNull(),
    problem: text('problem'),
    message: text('message'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [
    index('storage_checks_storage_idx').on(t.storageId, t.checkedAt.desc()),
    index('storage_checks_checked_idx').on(t.checkedAt),
  ],
);

/**
 * A tenant's link to one Salesforce org, made through Salesforce's OAuth web-server flow. Tokens and
 * the backup encryption key are sealed; `status` says how far the link got.
 */
export const connections = pgTable(
  'connections',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    organizationType: text('organization_type', { enum: ['Production', 'Sandbox'] }).notNull(),
    status: text('status', { enum: ['pending', 'connected', 'failed'] })
      .notNull()
      .default('pending'),
    storageId: uuid('storage_id').references(() => storages.id, { onDelete: 'restrict' }),
    encryptionKey: text('encryption_key'),
    instanceUrl: text('instance_url'),
    orgId: text('org_id'),
    salesforceUsername: text('salesforce_username'),
    salesforceUserId: text('salesforce_user_id'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    lastError: text('last_error'),
    /** The user who created it (kept when that user is deleted: the name is then shown as unknown). */
    createdBy: uuid('created_by'),
    connectedAt: timestamp('connected_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),

    // The grant's tokens over time (see modules/connections/health).
    /** When the stored access token stops working (from Salesforce's introspection, else assumed). */
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true, mode: 'date' }),
    /** When the refresh token was last issued or used: Salesforce's idle limit and LRU eviction count from it. */
    tokenUsedAt: timestamp('token_used_at', { withTimezone: true, mode: 'date' }),
    /** Bumped by every new access token, so that a 401 renews only the token it was answered for. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Held by the one process renewing the tokens; others wait for it and use what it stored. */
    renewalLeaseUntil: timestamp('renewal_lease_until', { withTimezone: true, mode: 'date' }),

    // Health: what the last check found, and when the scheduler looks again.
    healthStatus: text('health_status'),
    healthReason: text('health_reason'),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    healthChangedAt: timestamp('health_changed_at', { withTimezone: true, mode: 'date' }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true, mode: 'date' }),
    /** Held by the process running the scheduled check. */
    checkLeaseUntil: timestamp('check_lease_until', { withTimezone: true, mode: 'date' }),
    /** Checks in a row that found Salesforce failing (Degraded), for the retry backoff. */
    checkFailures: integer('check_failures').notNull().default(0),
    apiUsed: integer('api_used'),
    apiMax: integer('api_max'),
    apiVersion: text('api_version'),
    apiVersionCheckedAt: timestamp('api_version_checked_at', { withTimezone: true, mode: 'date' }),
    isSandbox: boolean('is_sandbox'),
    /** The org id a check saw that differs from the pinned `org_id` (OrgChanged). */
    observedOrgId: text('observed_org_id'),
    /** Org ids the connection was pinned to before a rebind, with when each stopped. */
    earlierOrgIds: jsonb('earlier_org_ids')
      .$type<{ orgId: string; until: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    uniqueIndex('connections_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
    index('connections_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('connections_tenant_updated_idx').on(t.tenantId, t.updatedAt),
    // The scheduler's look-up of what is due, across tenants.
    index('connections_next_check_idx').on(t.nextCheckAt).where(sql`${t.status} = 'connected'`),
    // The approvals one Salesforce user holds through our app (the five-approval cap).
    index('connections_salesforce_user_idx').on(t.salesforceUserId).where(sql`${t.status} = 'connected'`),
  ],
);

/** One check of a connection's Salesforce grant; the connection page shows the last 30 and 30 days of usage. */
export const connectionChecks = pgTable(
  'connection_checks',
  {
    ...tenantColumns(),
    connectionId: uuid('connection_id').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }).notNull(),
    trigger: text('trigger', { enum: ['schedule', 'manual', 'login'] }).notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    apiUsed: integer('api_used'),
    apiMax: integer('api_max'),
    orgId: text('org_id'),
    instanceUrl: text('instance_url'),
    isSandbox: boolean('is_sandbox'),
    apiVersion: text('api_version'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.connectionId],
      foreignColumns: [connections.tenantId, connections.id],
    }).onDelete('cascade'),
    index('connection_checks_connection_idx').on(t.tenantId, t.connectionId, t.checkedAt.desc()),
    // The retention's sweep of old checks.
    index('connection_checks_checked_idx').on(t.checkedAt),
  ],
);

/**
 * The state of an OAuth round trip we start (Salesforce connections, single sign-on): the hash of the
 * `state` parameter, the PKCE verifier (sealed), whom it belongs to and when it expires. Looked up by
 * the state when the browser comes back, so it has no row-level security of its own.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    stateHash: text('state_hash').notNull(),
    purpose: text('purpose').notNull(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    targetId: uuid('target_id'),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce'),
    redirectUri: text('redirect_uri').notNull(),
    returnTo: text('return_to'),
    /** What the round trip's starter chose beforehand (a connection's `rebind`). */
    options: jsonb('options').$type<Record<string, unknown>>(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_states_hash_key').on(t.stateHash),
    index('oauth_states_expires_idx').on(t.expiresAt),
  ],
);
