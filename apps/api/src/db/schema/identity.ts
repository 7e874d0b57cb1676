import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { users } from './tenants.js';

/**
 * Single-use links e-mailed to a user: the sign-up verification and the password reset (and the
 * reset code a forced reset answers at login). Only the
 * SHA-256 of the token is kept; the link is looked up by it before a tenant is known.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    ...tenantColumns(),
    userId: uuid('user_id').notNull(),
    /**
     * forced-reset: handed to a user at login (not mailed), so it proves no address. prove-email: the
     * link mailed to a changed address, which proves it and nothing else.
     */
    purpose: text('purpose', {
      enum: ['verify-email', 'reset-password', 'forced-reset', 'prove-email', 'end-session'],
    }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The session an end-session link (mailed with an unusual sign-in) ends; null for the other purposes. */
    sessionId: uuid('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.tenantId, t.userId, t.purpose),
  ],
);

/**
 * E-mailed 6-digit login codes. They belong to an e-mail address, not to a tenant: the code is what
 * reveals which tenants the address belongs to.
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('login_codes_email_idx').on(t.email, t.createdAt.desc())],
);

/** Counters for the abuse limits: one row a key (e.g. `login:ip:203.0.113.5`) and window. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Delay counters (login): no attempt of the key is tried before this time. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // The security overview's accounts waiting: one tenant's login delays by key prefix (migration 0044).
    index('rate_limits_blocked_key_idx')
      .using('btree', sql`${t.key} text_pattern_ops`)
      .where(sql`${t.blockedUntil} IS NOT NULL`),
  ],
);

/** A user's TOTP authenticators (RFC 6238). The secret is sealed with the tenant's associated data. */
export const mfaDevices = pgTable(
  'mfa_devices',
  {
    ...tenantColumns(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    secret: text('secret').notNull(),
    status: text('status', { enum: ['Enable', 'Disable', 'WaitConfirmation', 'ForceResetSecret'] })
      .notNull()
      .default('WaitConfirmation'),
    /** The last TOTP time step accepted: a code is accepted once (no replay). */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    /**
     * Whether the current secret was issued after a step-up (migration 0025): one issued without it is
     * not confirmed once the user has another factor.
     */
    issuedWithStepUp: boolean('issued_with_step_up').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('mfa_devices_user_name_key').on(t.tenantId, t.userId, sql`lower(${t.name})`),
    // The users list's MFA filter (migration 0030).
    index('mfa_devices_enabled_user_idx').on(t.tenantId, t.userId).where(sql`${t.status} = 'Enable'`),
  ],
);

/**
 * A user's recovery codes: one row a code, kept as its scrypt hash under the set's salt (one hash an
 * attempt checks the whole set). A code is used once: `used_at` is set in the transaction that accepts it.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    ...tenantColumns(),
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    index('recovery_codes_user_idx').on(t.tenantId, t.userId),
  ],
);

/**
 * A user's passkeys (WebAuthn credentials). The credential id is unique across tenants: a passwordless
 * sign-in finds its user by it alone, through the owner connection.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    ...tenantColumns(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    /** base64url, as WebAuthn gives it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    backedUp: boolean('backed_up').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    uniqueIndex('passkeys_user_name_key').on(t.tenantId, t.userId, sql`lower(${t.name})`),
  ],
);

/**
 * WebAuthn challenges, kept server-side: single use (deleted as they are taken), 5 minutes. A passwordless
 * sign-in's challenge has no tenant or user yet, so the table has no row-level security; only the owner
 * connection touches it.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** 'register-stepped-up': a registration asked after the step-up of a user who has a factor. */
    purpose: text('purpose', {
      enum: ['register', 'register-stepped-up', 'second-factor', 'passwordless'],
    }).notNull(),
    tenantId: uuid('tenant_id'),
    userId: uuid('user_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
