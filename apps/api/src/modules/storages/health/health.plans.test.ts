import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/database.js';
import { useOpened } from '../../../../test/opened.js';
import { indexNames, nodeTypes, planOf } from '../../../../test/plans.js';
import { listChecks } from './health.repository.js';

describe("a storage's check history on its index", () => {
  const database = useOpened(openTestDatabase);

  it('is read newest first from (storage_id, checked_at DESC NULLS LAST), not sorted', async () => {
    const nodes = await planOf(database, randomUUID(), (tx) => listChecks(tx, randomUUID()));
    // The id only breaks ties of one instant: an incremental sort of those, not of the history.
    expect(nodeTypes(nodes)).not.toContain('Sort');
    expect(indexNames(nodes)).toContain('storage_checks_storage_idx');
  });
});
