import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/database.js';
import { useOpened } from '../../../../test/opened.js';
import { indexNames, nodeTypes, planOf } from '../../../../test/plans.js';
import { listChecks } from './health-reads.repository.js';

describe("a connection's check history on its index", () => {
  const database = useOpened(openTestDatabase);
  const tenantId = randomUUID();

  it('is read newest first from (tenant_id, connection_id, checked_at DESC NULLS LAST), not sorted', async () => {
    const nodes = await planOf(database, tenantId, (tx) => listChecks(tenantId, tx, randomUUID()));
    expect(nodeTypes(nodes)).not.toContain('Sort');
    expect(indexNames(nodes)).toContain('connection_checks_connection_idx');
  });
});
