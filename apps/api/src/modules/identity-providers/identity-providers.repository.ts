import { and, count, desc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  icons,
  identityProviderExpiryNotices,
  identityProviders,
  tenants,
  userIdentities,
} from '../../db/schema/index.js';
import { containsPattern, firstRow } from '../../lib/sql.js';

export type IdentityProviderRow = typeof identityProviders.$inferSelect;
export type IdentityProviderValues = Pick<
  IdentityProviderRow,
  | 'name'
  | 'type'
  | 'buttonText'
  | 'buttonImageId'
  | 'defaultGroupId'
  | 'clientId'
  | 'clientSecret'
  | 'issuer'
  | 'credentialsExpireAt'
>;
export type IdentityProviderChanges = Partial<IdentityProviderValues & Pick<IdentityProviderRow, 'active'>>;

/** The expression of the trigram index of migration 0008, so that the search can use it. */
const searchText = sql`lower(${identityProviders.name} || ' ' || ${identityProviders.issuer})`;

/** One page of a tenant's providers, newest first, and the count of all that match. */
export async function listProviders(
  tenantId: string,
  db: Executor,
  query: { limit: number; offset: number; searchText?: string },
) {
  const where = and(
    eq(identityProviders.tenantId, tenantId),
    query.searchText ? sql`${searchText} ilike ${containsPattern(query.searchText)}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(identityProviders)
      .where(where)
      .orderBy(desc(identityProviders.createdAt), desc(identityProviders.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(identityProviders).where(where),
  ]);
  return { rows, count: total?.value ?? 0 };
}

/**
 * The provider; locked until the transaction ends for a save or a delete (CHANGE_LOCK), which holds
 * its SAML settings too: they are saved and deleted with it.
 */
export async function findProvider(
  tenantId: string,
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.tenantId, tenantId), eq(identityProviders.id, id)))
    .limit(1)
    .$dynamic();
  return firstRow(query, options);
}

/** Names are unique per tenant regardless of case (the unique index says the same). */
export async function nameTaken(tenantId: string, db: Executor, name: string, exceptId?: string) {
  const conditions: (SQL | undefined)[] = [
    eq(identityProviders.tenantId, tenantId),
    sql`lower(${identityProviders.name}) = lower(${name})`,
    exceptId ? sql`${identityProviders.id} <> ${exceptId}` : undefined,
  ];
  const rows = await db
    .select({ id: identityProviders.id })
    .from(identityProviders)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

/** Whether the icon is this tenant's (a button may only show an image of its own tenant). */
export async function iconExists(tenantId: string, db: Executor, iconId: string) {
  const rows = await db
    .select({ id: icons.id })
    .from(icons)
    .where(and(eq(icons.tenantId, tenantId), eq(icons.id, iconId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertProvider(
  tenantId: string,
  db: Executor,
  values: IdentityProviderValues & Pick<IdentityProviderRow, 'id'>,
) {
  const [row] = await db
    .insert(identityProviders)
    .values({ tenantId, ...values })
    .returning();
  return row!;
}

export async function updateProvider(
  tenantId: string,
  db: Executor,
  id: string,
  values: IdentityProviderChanges,
) {
  const [row] = await db
    .update(identityProviders)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(identityProviders.tenantId, tenantId), eq(identityProviders.id, id)))
    .returning();
  return row!;
}

/**
 * Forgets which provider account was which user (the provider's subjects are its issuer's): the users
 * stay, and are found again by their verified e-mail address at the next sign-in. Answers the links.
 */
export async function deleteProviderLinks(tenantId: string, db: Executor, providerId: string) {
  return db
    .delete(userIdentities)
    .where(and(eq(userIdentities.tenantId, tenantId), eq(userIdentities.providerId, providerId)))
    .returning({ userId: userIdentities.userId, subject: userIdentities.subject });
}

/** Its links to users go with it (user_identities cascade); the users stay. */
export async function deleteProvider(tenantId: string, db: Executor, id: string) {
  await db
    .delete(identityProviders)
    .where(and(eq(identityProviders.tenantId, tenantId), eq(identityProviders.id, id)));
}

/**
 * The login page's buttons: a tenant's active providers, found by the tenant's name before any tenant
 * is known (owner connection). An unknown or inactive tenant has none.
 */
export async function activeProvidersOfTenant(db: Executor, tenantName: string) {
  return db
    .select({
      id: identityProviders.id,
      buttonText: identityProviders.buttonText,
      buttonImageId: identityProviders.buttonImageId,
    })
    .from(identityProviders)
    .innerJoin(tenants, eq(tenants.id, identityProviders.tenantId))
    .where(
      and(
        sql`lower(${tenants.name}) = lower(${tenantName})`,
        eq(tenants.status, 'active'),
        eq(identityProviders.active, true),
      ),
    )
    .orderBy(identityProviders.createdAt, identityProviders.id);
}

/**
 * Providers whose credentials end within `days` of `at` and have not ended by then, or (with `ended`)
 * ended already: the daily warnings read across tenants, the banner one tenant's.
 */
export async function providersExpiringWithin(
  db: Executor,
  at: Date,
  days: number,
  options: { tenantId?: string; ended?: boolean } = {},
) {
  const endsAt = identityProviders.credentialsExpireAt;
  const rows = await db
    .select({
      tenantId: identityProviders.tenantId,
      id: identityProviders.id,
      name: identityProviders.name,
      credentialsExpireAt: endsAt,
    })
    .from(identityProviders)
    .where(
      and(
        options.tenantId ? eq(identityProviders.tenantId, options.tenantId) : undefined,
        lte(endsAt, new Date(at.getTime() + days * 24 * 60 * 60 * 1000)),
        options.ended ? undefined : gt(endsAt, at),
      ),
    )
    .orderBy(endsAt, identityProviders.id);
  // The condition leaves out the providers without a date.
  return rows.map((row) => ({ ...row, credentialsExpireAt: row.credentialsExpireAt! }));
}

/** Records a warning; answers false when this one (threshold and end date) was recorded before. */
export async function noteExpiryWarning(
  tenantId: string,
  db: Executor,
  warning: { providerId: string; daysBefore: number; expiresAt: Date },
) {
  const rows = await db
    .insert(identityProviderExpiryNotices)
    .values({ tenantId, ...warning })
    .onConflictDoNothing()
    .returning({ providerId: identityProviderExpiryNotices.providerId });
  return rows.length > 0;
}
