import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { countedPage } from '../../db/counted-page.js';
import { groups } from '../../db/schema/index.js';
import { type AttributeFilter, type FilterField, fieldKinds, filterSql } from '../../lib/attribute-filter.js';

/**
 * The fields a provisioning client (SCIM) filters groups by. A group keeps no externalId (the clients
 * find groups by displayName or id), so none has one: a filter on it matches nothing.
 */
const FIELDS = {
  id: { kind: 'uuid', sql: groups.id },
  displayName: { kind: 'text', sql: groups.name },
  externalId: { kind: 'exactText', sql: sql`null::text` },
  created: { kind: 'time', sql: groups.createdAt },
  lastModified: { kind: 'time', sql: groups.updatedAt },
} as const satisfies Record<string, FilterField>;

export type ProvisionedGroupField = keyof typeof FIELDS;
export type ProvisionedGroupFilter = AttributeFilter<ProvisionedGroupField>;

export const PROVISIONED_GROUP_FIELD_KINDS = fieldKinds(FIELDS);

const provisionedView = {
  id: groups.id,
  name: groups.name,
  createdAt: groups.createdAt,
  updatedAt: groups.updatedAt,
};

/** One page of the tenant's groups that match, oldest first (a stable order to page by), and their count. */
export function listProvisionedGroups(
  tenantId: string,
  db: Executor,
  filter: ProvisionedGroupFilter | null,
  page: { offset: number; limit: number },
) {
  const where: SQL | undefined = and(
    eq(groups.tenantId, tenantId),
    filter ? filterSql(filter, FIELDS) : undefined,
  );
  return countedPage(
    page,
    () =>
      db
        .select(provisionedView)
        .from(groups)
        .where(where)
        .orderBy(asc(groups.createdAt), asc(groups.id))
        .limit(page.limit)
        .offset(page.offset),
    async () => {
      const [total] = await db.select({ value: count() }).from(groups).where(where);
      return total?.value ?? 0;
    },
  );
}
