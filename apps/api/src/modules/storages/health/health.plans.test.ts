import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/database.js';
import { indexNames, nodeTypes, planOf } from '../../../../test/plans.js';
import type { Database } from '../../../db/client.js';
import { listChecks } from './health.repository.js';

describe("a storage's check history on its index", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('is read newest first from (storage_id, checked_at DESC NULLS LAST), not sorted', async () => {
    const nodes = await planOf(database, randomUUID(), (tx) => listChecks(tx, randomUUID()));
    // The id only breaks ties of one instant: an incremental sort of those, not of the history.
    expect(nodeTypes(nodes)).not.toContain('Sort');
    expect(indexNames(nodes)).toContain('storage_checks_storage_idx');
  });
});
