import type { Database } from '../../../db/client.js';
import { deleteChecksBefore } from './health.repository.js';

/** The connection page shows 30 days of checks; a few more days cover time zones and late readers. */
export const CHECK_RETENTION_MS = 35 * 24 * 3_600_000;

/** Deletes checks past their retention, across tenants; answers how many. */
export const deleteOldChecks = (database: Database, now = Date.now()) =>
  database.system((tx) => deleteChecksBefore(tx, new Date(now - CHECK_RETENTION_MS)));
