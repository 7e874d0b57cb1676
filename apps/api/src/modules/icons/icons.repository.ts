import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { icons } from '../../db/schema/index.js';

export type IconRow = typeof icons.$inferSelect;

export async function findIcon(tenantId: string, db: Executor, id: string) {
  const [row] = await db
    .select({ id: icons.id, fileName: icons.fileName })
    .from(icons)
    .where(and(eq(icons.tenantId, tenantId), eq(icons.id, id)))
    .limit(1);
  return row ?? null;
}

/** The image by its id alone: the login page shows it before anyone signs in (owner connection). */
export async function findImage(db: Executor, id: string) {
  const [row] = await db
    .select({ svg: icons.svg, updatedAt: icons.updatedAt })
    .from(icons)
    .where(eq(icons.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertIcon(tenantId: string, db: Executor, values: { fileName: string; svg: string }) {
  const [row] = await db
    .insert(icons)
    .values({ tenantId, ...values })
    .returning({ id: icons.id });
  return row!;
}

export async function updateIcon(
  tenantId: string,
  db: Executor,
  id: string,
  values: { fileName: string; svg: string },
) {
  await db
    .update(icons)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(icons.tenantId, tenantId), eq(icons.id, id)));
}
