import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantColumns, timestamps } from './columns.js';

/**
 * A tenant is one customer organisation. Its own row is guarded by row-level security like every
 * tenant table: the policy compares `id` with the tenant of the transaction.
 */
export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    /** pending until the sign-up e-mail is verified, then active. */
    status: text('status', { enum: ['pending', 'active', 'suspended'] })
      .notNull()
      .default('active'),
    /** Enabled service keys (backup, devOps); platform operators change them with the CLI. */
    services: text('services').array().notNull().default(sql`'{}'::text[]`),
    /** How long the audit trail keeps an event; the housekeeping deletes older ones. */
    auditRetentionDays: integer('audit_retention_days').notNull().default(365),
    /** The authentication policy (ours): who must have a second factor, and the grace period in days. */
    mfaPolicy: text('mfa_policy', { enum: ['off', 'administrators', 'everyone'] })
      .notNull()
      .default('off'),
    mfaGraceDays: integer('mfa_grace_days').notNull().default(0),
    /** When the current requirement began (set when the policy turns on or widens); grace counts from it. */
    mfaEnforcedAt: timestamp('mfa_enforced_at', { withTimezone: true, mode: 'date' }),
    refuseBreachedPasswords: boolean('refuse_breached_passwords').notNull().default(true),
    /** Unusual sign-ins (migration 0042): mail the user, also the Security administrators, ask a fresh factor. */
    notifyUnusualSignIns: boolean('notify_unusual_sign_ins').notNull().default(true),
    notifySecurityAdmins: boolean('notify_security_admins').notNull().default(false),
    unusualSignInSecondFactor: boolean('unusual_sign_in_second_factor').notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex('tenants_name_lower_key').on(sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    ...tenantColumns(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** argon2id hash; null for users who have not set a password (invited, SSO only). */
    passwordHash: text('password_hash'),
    /**
     * The hash an administrator's Reset password erased (migration 0028): a login with that old password
     * is told of the reset while the user is in ForceResetPassword; it signs nobody in. A new password
     * clears it.
     */
    voidedPasswordHash: text('voided_password_hash'),
    status: text('status', { enum: ['Confirmed', 'Disabled', 'ForceResetPassword', 'WaitConfirmation'] })
      .notNull()
      .default('WaitConfirmation'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * When the user last proved they receive mail at `email` (a link or code we sent there, or an
     * identity provider that said it verified the address); null while unproven. Connected apps see it
     * as the `email_verified` claim, so an administrator setting or changing an address clears it.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * Set when the address is changed, cleared when the user opens the proof link mailed to the new
     * one: until then no password link or e-mail login code goes to it (migration 0023).
     */
    emailUnprovenSince: timestamp('email_unproven_since', { withTimezone: true, mode: 'date' }),
    /** The user's group (at most one); its role decides what the user may do in the services. */
    groupId: uuid('group_id'),
    /** The id an identity provider's SCIM client gave the user (`externalId`); null for others. */
    externalId: text('external_id'),
    /**
     * SCIM may change the user (docs/scim.md): it created them, or an administrator put them under it.
     * An administrator is never changed by SCIM, whatever this says.
     */
    scimManaged: boolean('scim_managed').notNull().default(false),
    /**
     * The work e-mail a SCIM client sent when it differs from the userName (Entra ID sends a UPN as
     * userName and the mailbox as emails[type eq "work"]); null when they are the same. The console's
     * address stays `email` (the userName).
     */
    scimWorkEmail: text('scim_work_email'),
    /** When the user last signed in: set by the insert of their session (migration 0030). */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    uniqueIndex('users_tenant_external_id_key')
      .on(t.tenantId, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
    uniqueIndex('users_tenant_email_key').on(t.tenantId, sql`lower(${t.email})`),
    // The e-mail login flow looks a person up across tenants before one is chosen.
    index('users_email_idx').on(sql`lower(${t.email})`),
    // The users list's order: most recently updated first, the id breaking ties (no sort at run time).
    index('users_tenant_updated_idx').on(
      t.tenantId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('users_tenant_group_idx').on(t.tenantId, t.groupId),
    // The users list's filters and sorts (migration 0030).
    index('users_tenant_status_updated_idx').on(
      t.tenantId,
      t.status,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('users_tenant_name_idx').on(t.tenantId, sql`lower(${t.firstName} || ' ' || ${t.lastName})`, t.id),
    index('users_tenant_last_sign_in_idx').on(
      t.tenantId,
      t.lastSignInAt.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index('users_tenant_admins_idx')
      .on(t.tenantId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isAdmin}`),
    // SCIM's filters on the work e-mail (emails.value) find the user through it.
    index('users_tenant_scim_work_email_idx')
      .on(t.tenantId, sql`lower(${t.scimWorkEmail})`)
      .where(sql`${t.scimWorkEmail} IS NOT NULL`),
  ],
);

/**
 * The invitation last sent to a user who has not set a password yet: who sent it, when, and until when
 * its link works (the link is a one-time token). Shown while the user waits for confirmation.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** The administrator who sent it; no foreign key, so that their deletion leaves the row. */
    invitedBy: uuid('invited_by'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({
      name: 'user_invitations_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Server-side sessions: the cookie holds a random 256-bit token, the table only its SHA-256 hash.
 */
export const sessions = pgTable(
  'sessions',
  {
    ...tenantColumns(),
    userId: uuid('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The browser's IANA time zone, sent at login. */
    timezone: text('timezone'),
    /** Restricted to enrolling a second factor: the tenant requires one and the grace period is over. */
    mfaEnrolment: boolean('mfa_enrolment').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_tenant_user_idx').on(t.tenantId, t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);
