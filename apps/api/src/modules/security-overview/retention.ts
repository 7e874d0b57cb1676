import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { signInRollups } from '../../db/schema/index.js';

/** Housekeeping: hours older than eight days, past the longest window (across tenants, owner connection). */
export const deleteOldRollups = (db: Executor) =>
  db.delete(signInRollups).where(sql`${signInRollups.hour} < now() - interval '8 days'`);
