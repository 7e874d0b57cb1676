import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { countedPage } from '../../db/counted-page.js';
import { groups, users } from '../../db/schema/index.js';
import { type AttributeFilter, type FilterField, fieldKinds, filterSql } from '../../lib/attribute-filter.js';

/**
 * What a provisioning client (SCIM) reads of users: the fields of its User resource, found by the
 * filters it sends (translated to SQL here, every value a parameter).
 */
const provisionedView = {
  id: users.id,
  email: users.email,
  workEmail: users.scimWorkEmail,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  isAdmin: users.isAdmin,
  scimManaged: users.scimManaged,
  externalId: users.externalId,
  groupId: users.groupId,
  groupName: groups.name,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export type ProvisionedUserRow = Awaited<ReturnType<typeof listProvisioned>>['rows'][number];

/**
 * The work e-mail a client sees: the one it sent apart from the userName, else the address. An index
 * answers `eq` on either (users_tenant_email_key, users_tenant_scim_work_email_idx).
 */
const workEmail = sql`coalesce(${users.scimWorkEmail}, ${users.email})`;
const workEmailIs = (value: string) =>
  sql`((${users.scimWorkEmail} is null and lower(${users.email}) = lower(${value})) or lower(${users.scimWorkEmail}) = lower(${value}))`;

/** The fields a provisioning client filters users by, and how each compares. */
const FIELDS = {
  id: { kind: 'uuid', sql: users.id },
  userName: { kind: 'text', sql: users.email },
  email: { kind: 'text', sql: workEmail, equals: workEmailIs },
  emailType: { kind: 'text', sql: sql`'work'::text` },
  emailPrimary: { kind: 'boolean', sql: sql`true` },
  externalId: { kind: 'exactText', sql: users.externalId },
  givenName: { kind: 'text', sql: users.firstName },
  familyName: { kind: 'text', sql: users.lastName },
  displayName: { kind: 'text', sql: sql`(${users.firstName} || ' ' || ${users.lastName})` },
  active: { kind: 'boolean', sql: sql`(${users.status} <> 'Disabled')` },
  groupId: { kind: 'uuid', sql: users.groupId },
  groupName: { kind: 'text', sql: groups.name },
  created: { kind: 'time', sql: users.createdAt },
  lastModified: { kind: 'time', sql: users.updatedAt },
} as const satisfies Record<string, FilterField>;

export type ProvisionedUserField = keyof typeof FIELDS;
export type ProvisionedUserFilter = AttributeFilter<ProvisionedUserField>;

/** How each field compares, for the caller to check a filter before it is run. */
export const PROVISIONED_USER_FIELD_KINDS = fieldKinds(FIELDS);

const withGroup = and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId));

const matching = (tenantId: string, filter: ProvisionedUserFilter | null): SQL | undefined =>
  and(eq(users.tenantId, tenantId), filter ? filterSql(filter, FIELDS) : undefined);

/** Whether the filter names the group's name, the one field the count must join the groups for. */
const namesGroup = (filter: ProvisionedUserFilter | null): boolean => {
  if (!filter) return false;
  if ('filters' in filter) return filter.filters.some(namesGroup);
  if ('filter' in filter) return namesGroup(filter.filter);
  return filter.field === 'groupName';
};

/**
 * One page of the tenant's users that match, oldest first (a client pages with startIndex and expects
 * a stable order while it does), and how many match. The page is read by the database, never in here.
 */
export const provisionedRows = (
  tenantId: string,
  db: Executor,
  filter: ProvisionedUserFilter | null,
  page: { offset: number; limit: number },
) =>
  db
    .select(provisionedView)
    .from(users)
    .leftJoin(groups, withGroup)
    .where(matching(tenantId, filter))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);

export function listProvisioned(
  tenantId: string,
  db: Executor,
  filter: ProvisionedUserFilter | null,
  page: { offset: number; limit: number },
) {
  const where = matching(tenantId, filter);
  return countedPage(
    page,
    () => provisionedRows(tenantId, db, filter, page),
    async () => {
      const [total] = namesGroup(filter)
        ? await db.select({ value: count() }).from(users).leftJoin(groups, withGroup).where(where)
        : await db.select({ value: count() }).from(users).where(where);
      return total?.value ?? 0;
    },
  );
}

/** Whether another of the tenant's users already carries this externalId. */
export async function externalIdTaken(tenantId: string, db: Executor, externalId: string, exceptId?: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.externalId, externalId),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether SCIM may change each of these users (the tenant's ones only; others are left out). */
export async function findScimManagement(tenantId: string, db: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, scimManaged: users.scimManaged, isAdmin: users.isAdmin })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, userIds)));
}

/** The members of several groups in one query, oldest first: a page of groups a client lists. */
export async function listMembersOfGroups(tenantId: string, db: Executor, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: users.groupId, id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.groupId, groupIds)))
    .orderBy(asc(users.createdAt), asc(users.id));
}
