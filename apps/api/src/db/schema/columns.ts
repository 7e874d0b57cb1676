import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Columns every tenant-owned table starts with. Keys lead with tenant_id (ARCHITECTURE §5). */
export const tenantColumns = () => ({
  tenantId: uuid('tenant_id').notNull(),
  id: uuid('id').notNull().default(sql`gen_random_uuid()`),
});

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
