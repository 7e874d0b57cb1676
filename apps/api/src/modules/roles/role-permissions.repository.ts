import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { connections, roleConnectionPermissions as rights } from '../../db/schema/index.js';

export type RightsService = (typeof rights.$inferSelect)['service'];
export type RightsRow = Omit<typeof rights.$inferInsert, 'tenantId' | 'roleId' | 'service'>;

/** A role's connection rows of both services with each connection's name: one join, no query per row. */
export async function findRights(tenantId: string, db: Executor, roleId: string) {
  return db
    .select({
      service: rights.service,
      id: rights.connectionId,
      name: connections.name,
      backupAndArchive: rights.backupAndArchive,
      restore: rights.restore,
      export: rights.export,
      appSettings: rights.appSettings,
      retrieve: rights.retrieve,
      validate: rights.validate,
      deploy: rights.deploy,
    })
    .from(rights)
    .innerJoin(
      connections,
      and(eq(connections.tenantId, rights.tenantId), eq(connections.id, rights.connectionId)),
    )
    .where(and(eq(rights.tenantId, tenantId), eq(rights.roleId, roleId)))
    .orderBy(sql`lower(${connections.name})`, asc(connections.id));
}
export type RightsWithName = Awaited<ReturnType<typeof findRights>>[number];

/** Which of these ids are connections of the tenant. */
export async function existingConnectionIds(tenantId: string, db: Executor, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.tenantId, tenantId), inArray(connections.id, ids)));
  return new Set(rows.map((row) => row.id));
}

/** Replaces the role's rows of one service with these. */
export async function replaceRights(
  tenantId: string,
  db: Executor,
  roleId: string,
  service: RightsService,
  rows: RightsRow[],
) {
  await db
    .delete(rights)
    .where(and(eq(rights.tenantId, tenantId), eq(rights.roleId, roleId), eq(rights.service, service)));
  if (rows.length === 0) return;
  await db.insert(rights).values(rows.map((row) => ({ ...row, tenantId, roleId, service })));
}
