import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
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
  },
  (t) => [
    uniqueIndex('storages_tenant_name_key').on(
      sql`coalesce(${t.tenantId}::text, 'shared')`,
      sql`lower(${t.name})`,
    ),
    index('storages_tenant_created_idx').on(t.tenantId, t.createdAt),
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
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    uniqueIndex('connections_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
    index('connections_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('connections_tenant_updated_idx').on(t.tenantId, t.updatedAt),
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
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_states_hash_key').on(t.stateHash),
    index('oauth_states_expires_idx').on(t.expiresAt),
  ],
);
