import type { Database } from '../../../db/client.js';
import { deleteChecksBefore } from './health.repository.js';

/** The storage page lists the last 30 checks, an hour apart: 35 days keep them with room to spare. */
export const STORAGE_CHECK_RETENTION_MS = 35 * 24 * 3_600_000;

/** Deletes storage checks past their retention, across tenants; answers how many. */
export const deleteOldStorageChecks = (database: Database, now = Date.now()) =>
  database.system((tx) => deleteChecksBefore(tx, new Date(now - STORAGE_CHECK_RETENTION_MS)));
