import { foreignKey, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { identityProviders } from './security.js';
import { tenants } from './tenants.js';

/**
 * An identity provider's group mapping rules (migration 0036), in the administrator's order
 * (`position` 0, 1, 2 …): the first whose claim matches sets the signing-in user's group. The group
 * has no foreign key, as the provider's default group has none: a deleted group's rule assigns nothing.
 */
export const identityProviderGroupRules = pgTable(
  'identity_provider_group_rules',
  {
    tenantId: uuid('tenant_id').notNull(),
    providerId: uuid('provider_id').notNull(),
    position: integer('position').notNull(),
    claim: text('claim').notNull(),
    operator: text('operator', { enum: ['equals', 'contains'] }).notNull(),
    value: text('value').notNull(),
    groupId: uuid('group_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'identity_provider_group_rules_pk', columns: [t.tenantId, t.providerId, t.position] }),
    foreignKey({
      name: 'identity_provider_group_rules_tenant_fk',
      columns: [t.tenantId],
      foreignColumns: [tenants.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'identity_provider_group_rules_provider_fk',
      columns: [t.tenantId, t.providerId],
      foreignColumns: [identityProviders.tenantId, identityProviders.id],
    }).onDelete('cascade'),
  ],
);

/** The expiry warnings sent: one row per provider, threshold (days before) and end date (migration 0036). */
export const identityProviderExpiryNotices = pgTable(
  'identity_provider_expiry_notices',
  {
    tenantId: uuid('tenant_id').notNull(),
    providerId: uuid('provider_id').notNull(),
    daysBefore: integer('days_before').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'identity_provider_expiry_notices_pk',
      columns: [t.tenantId, t.providerId, t.daysBefore, t.expiresAt],
    }),
    foreignKey({
      name: 'identity_provider_expiry_notices_tenant_fk',
      columns: [t.tenantId],
      foreignColumns: [tenants.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'identity_provider_expiry_notices_provider_fk',
      columns: [t.tenantId, t.providerId],
      foreignColumns: [identityProviders.tenantId, identityProviders.id],
    }).onDelete('cascade'),
  ],
);
