import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { setupGuides } from '../../db/schema/index.js';
import { tenantHasConnectedOrg } from '../connections/index.js';
import { tenantHasGroup } from '../groups/index.js';
import { tenantHasRole } from '../roles/index.js';
import { tenantHasStorage } from '../storages/index.js';
import { tenantHasSeveralUsers } from '../users/index.js';

export interface SetupProgress {
  connectedOrg: boolean;
  storage: boolean;
  role: boolean;
  group: boolean;
  severalUsers: boolean;
  dismissed: boolean;
}

/**
 * Every step's state and the dismissal in one statement. Each step's condition is its own module's
 * (an EXISTS on that module's indexed table, the users count its trigger keeps), so none of their
 * tables is read here, and nothing is counted row by row.
 */
export async function readProgress(tenantId: string, db: Executor): Promise<SetupProgress> {
  const [row] = await db
    .select({
      connectedOrg: tenantHasConnectedOrg(tenantId),
      storage: tenantHasStorage(tenantId),
      role: tenantHasRole(tenantId),
      group: tenantHasGroup(tenantId),
      severalUsers: tenantHasSeveralUsers(tenantId),
      dismissed: sql<boolean>`coalesce((select ${setupGuides.dismissed} from ${setupGuides} where ${setupGuides.tenantId} = ${tenantId}), false)`,
    })
    .from(sql`(select 1) as one`);
  return row!;
}

export async function saveDismissed(tenantId: string, db: Executor, dismissed: boolean) {
  await db
    .insert(setupGuides)
    .values({ tenantId, dismissed })
    .onConflictDoUpdate({ target: setupGuides.tenantId, set: { dismissed, updatedAt: new Date() } });
}
