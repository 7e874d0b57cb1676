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
import { tenants, users } from './tenants.js';

/** The OAuth settings and token lifetimes of a connected app, as the contract's ApplicationData. */
export interface ApplicationDataValue {
  oauth: {
    allowedFlows: string[];
    allowedScopes: string[];
    authorizedCallbackURLs: string[];
    authorizedSignOutURLs: string[];
  };
  authorizationPolicy: { accessTokenLifetime: number; refreshTokenLifetime: number };
}

/**
 * Connected apps: OAuth clients of the platform's authorization server. The client id is random,
 * public and unique across tenants (the server finds the app by it alone); the secret is sealed.
 * `shared` is the multi-tenant mode: users of other tenants may authorize the app too.
 */
export const applications = pgTable(
  'applications',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    active: boolean('active').notNull().default(true),
    shared: boolean('shared').notNull().default(false),
    data: jsonb('data').$type<ApplicationDataValue>().notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    uniqueIndex('applications_client_id_key').on(t.clientId),
    uniqueIndex('applications_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
    index('applications_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * What the authorization server keeps (oidc-provider's adapter models: sessions, interactions,
 * authorization codes, access and refresh tokens, grants). Token-like ids are stored as their SHA-256
 * (`key`), never as given. `client_id` and `grant_id` let one statement revoke all of an app's data.
 * The server looks rows up by key alone, so the table has no row-level security; only the API's
 * owner connection touches it.
 */
export const oidcModels = pgTable(
  'oidc_models',
  {
    model: text('model').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    clientId: text('client_id'),
    /** The account (`tenant:user`) a row acts for, so that everything of one user goes in one statement. */
    accountId: text('account_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.key] }),
    index('oidc_models_grant_idx').on(t.grantId),
    index('oidc_models_uid_idx').on(t.uid),
    index('oidc_models_client_idx').on(t.clientId),
    index('oidc_models_account_idx').on(t.accountId),
    index('oidc_models_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The authorization server's signing keys (private JWKs, sealed). The newest unretired key signs;
 * retired keys stay published in the JWKS until tokens they signed have expired.
 */
export const oidcKeys = pgTable('oidc_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: text('private_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Published from its creation; signs only from here on, once every JWKS cache has seen it. */
  activatesAt: timestamp('activates_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
});

/** When each housekeeping job last ran on this database: one process per interval does it. */
export const housekeepingRuns = pgTable('housekeeping_runs', {
  job: text('job').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Login button images: sanitized SVG only. Served without a session (the login page shows them),
 * so lookups by id go through the owner connection.
 */
export const icons = pgTable(
  'icons',
  {
    ...tenantColumns(),
    fileName: text('file_name').notNull(),
    svg: text('svg').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    uniqueIndex('icons_id_key').on(t.id),
  ],
);

/**
 * A tenant's external OpenID Connect provider its users sign in with. The client secret is sealed;
 * users who first sign in through it join `default_group_id`.
 */
export const identityProviders = pgTable(
  'identity_providers',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    type: text('type', { enum: ['OpenId'] }).notNull(),
    active: boolean('active').notNull().default(true),
    buttonText: text('button_text').notNull(),
    buttonImageId: uuid('button_image_id'),
    defaultGroupId: uuid('default_group_id'),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    issuer: text('issuer').notNull(),
    /** When the credentials stop working (a client secret's end date, a certificate's notAfter); null: unknown. */
    credentialsExpireAt: timestamp('credentials_expire_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    uniqueIndex('identity_providers_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
    // A login button's start link names the provider alone; the tenant is found from it.
    uniqueIndex('identity_providers_id_key').on(t.id),
    index('identity_providers_tenant_created_idx').on(t.tenantId, t.createdAt),
    // The daily expiry warnings look across tenants for the few providers with an end date.
    index('identity_providers_credentials_expire_idx')
      .on(t.credentialsExpireAt)
      .where(sql`${t.credentialsExpireAt} IS NOT NULL`),
  ],
);

/** Which provider account (issuer subject) is which user: the second sign-in finds the same user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    tenantId: uuid('tenant_id').notNull(),
    providerId: uuid('provider_id').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id').notNull(),
    email: text('email'),
    /** The group the provider's mapping rules last gave the user (migration 0036). */
    mappedGroupId: uuid('mapped_group_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.providerId, t.subject] }),
    foreignKey({
      columns: [t.tenantId, t.providerId],
      foreignColumns: [identityProviders.tenantId, identityProviders.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    index('user_identities_user_idx').on(t.tenantId, t.userId),
  ],
);

/** Network access: when a tenant has any range, its users may work only from addresses inside one. */
export const ipRanges = pgTable(
  'ip_ranges',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    startIp: text('start_ip').notNull(),
    endIp: text('end_ip').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    uniqueIndex('ip_ranges_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
    index('ip_ranges_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * A tenant's usual networks (migration 0042): each /24 or /48 its users signed in from, and when last.
 * The unusual sign-in check reads one row by its key; the sign-in refreshes it at most once an hour.
 */
export const signInNetworks = pgTable(
  'sign_in_networks',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'sign_in_networks_pk', columns: [t.tenantId, t.network] })],
);

/**
 * The users who signed in before (migration 0042), one row each from their first sign-in: the unusual
 * sign-in check judges a user's sign-ins only once there is one to compare with.
 */
export const signedInUsers = pgTable(
  'signed_in_users',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    firstSignedInAt: timestamp('first_signed_in_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'signed_in_users_pk', columns: [t.tenantId, t.userId] }),
    foreignKey({
      name: 'signed_in_users_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
  ],
);
