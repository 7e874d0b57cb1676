import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/database.js';
import { indexNames, nodeTypes, planOf } from '../../../../test/plans.js';
import type { Database } from '../../../db/client.js';
import { listChecks } from './health-reads.repository.js';

describe("a connection's check history on its index", () => {
  let database: Database;
  const tenantId = randomUUID();
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('is read newest first from (tenant_id, connection_id, checked_at DESC NULLS LAST), not sorted', async () => {
    const nodes = await planOf(database, tenantId, (tx) => listChecks(tenantId, tx, randomUUID()));
    expect(nodeTypes(nodes)).not.toContain('Sort');
    expect(indexNames(nodes)).toContain('connection_checks_connection_idx');
  });
});
