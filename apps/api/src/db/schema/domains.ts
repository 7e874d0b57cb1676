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
import { identityProviders } from './security.js';
import { tenants, users } from './tenants.js';

/**
 * E-mail domains a tenant claims (migration 0033). `Pending` until a DNS look-up finds `txt_value`;
 * `Verified` while the record stays (a re-check that misses it sets `missing_since`, and after the grace
 * period the domain becomes `Lapsed`). Verified by one tenant at a time (the partial unique index).
 */
export const verifiedDomains = pgTable(
  'verified_domains',
  {
    ...tenantColumns(),
    /** Lower case, IDNA (punycode) form, no trailing dot. */
    domain: text('domain').notNull(),
    status: text('status', { enum: ['Pending', 'Verified', 'Lapsed'] })
      .notNull()
      .default('Pending'),
    /** The value the tenant publishes as a TXT record of the domain. Public by nature, so not sealed. */
    txtValue: text('txt_value').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true, mode: 'date' }),
    checkLeaseUntil: timestamp('check_lease_until', { withTimezone: true, mode: 'date' }),
    /** The TXT values the last look-up found (what the administrator sees next to a pending domain). */
    lastFound: jsonb('last_found').$type<string[]>().notNull().default([]),
    /** Why the last look-up found nothing (no such name, time-out, …), in plain words. */
    lastError: text('last_error'),
    missingSince: timestamp('missing_since', { withTimezone: true, mode: 'date' }),
    /** Users whose address is on the domain sign in through the domain's providers only. */
    enforceSso: boolean('enforce_sso').notNull().default(false),
    /** Whether such users' API tokens keep working while enforcement is on. */
    apiTokensUnderEnforcement: boolean('api_tokens_under_enforcement').notNull().default(false),
    createdBy: uuid('created_by'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    uniqueIndex('verified_domains_tenant_domain_key').on(t.tenantId, t.domain),
    uniqueIndex('verified_domains_verified_key').on(t.domain).where(sql`${t.status} = 'Verified'`),
    index('verified_domains_due_idx').on(t.nextCheckAt).where(sql`${t.status} = 'Verified'`),
  ],
);

/** The identity providers a domain's addresses are sent to at the login's e-mail step, in order. */
export const verifiedDomainProviders = pgTable(
  'verified_domain_providers',
  {
    tenantId: uuid('tenant_id').notNull(),
    domainId: uuid('domain_id').notNull(),
    providerId: uuid('provider_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'verified_domain_providers_pk', columns: [t.tenantId, t.domainId, t.providerId] }),
    foreignKey({
      name: 'verified_domain_providers_domain_fk',
      columns: [t.tenantId, t.domainId],
      foreignColumns: [verifiedDomains.tenantId, verifiedDomains.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'verified_domain_providers_provider_fk',
      columns: [t.tenantId, t.providerId],
      foreignColumns: [identityProviders.tenantId, identityProviders.id],
    }).onDelete('cascade'),
    index('verified_domain_providers_provider_idx').on(t.tenantId, t.providerId),
  ],
);

/**
 * The administrators who may still sign in with a password and their second factor while one of the
 * tenant's verified domains enforces single sign-on (migration 0034).
 */
export const breakGlassAdmins = pgTable(
  'break_glass_admins',
  {
    tenantId: uuid('tenant_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'break_glass_admins_pk', columns: [t.tenantId, t.userId] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    foreignKey({
      name: 'break_glass_admins_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
  ],
);
