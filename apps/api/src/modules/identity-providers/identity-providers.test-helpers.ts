import { eq } from 'drizzle-orm';
import type { TestApp, TestUser } from '../../../test/app.js';
import { identityProviders } from '../../db/schema/index.js';

/** The provider's row as the database holds it (client secret sealed). */
export async function storedProvider(t: TestApp, u: TestUser, id: string) {
  const [row] = await t.database.tenant(u.tenantId, (tx) =>
    tx.select().from(identityProviders).where(eq(identityProviders.id, id)),
  );
  return row!;
}
