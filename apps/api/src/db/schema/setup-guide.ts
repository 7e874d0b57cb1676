import { boolean, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.js';

/**
 * The setup guide's one setting per tenant: whether an administrator hid it. No row: shown. What the
 * guide counts lives in the tables of each step's own module (modules/setup-guide reads it through them).
 */
export const setupGuides = pgTable('setup_guides', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  dismissed: boolean('dismissed').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
