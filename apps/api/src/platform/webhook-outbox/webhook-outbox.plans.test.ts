import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.js';
import { useOpened } from '../../../test/opened.js';
import { indexNames, nodeTypes, planOf } from '../../../test/plans.js';
import { dueEndpoints, nextOpen } from './webhook-outbox.repository.js';

/**
 * The dispatcher's claim reads an endpoint's open deliveries, not its delivery log: at five million
 * deliveries the log held every endpoint's week, and each claim read it whole (bench/README "Platform
 * scale").
 */
describe("the webhook dispatcher's claim on its indexes", () => {
  const database = useOpened(openTestDatabase);
  const tenantId = randomUUID();

  it("reads an endpoint's next deliveries in order from webhook_deliveries_open_idx, not sorted", async () => {
    const nodes = await planOf(database, tenantId, (tx) => nextOpen(tx, { tenantId, id: randomUUID() }, 50));
    expect(nodeTypes(nodes)).not.toContain('Sort');
    expect(nodeTypes(nodes)).not.toContain('Incremental Sort');
    expect(indexNames(nodes)).toContain('webhook_deliveries_open_idx');
  });

  it("finds the due endpoints from the due deliveries and each one's oldest open delivery on the open index", async () => {
    const nodes = await planOf(database, tenantId, (tx) => dueEndpoints(tx, 10));
    expect(indexNames(nodes)).toContain('webhook_deliveries_due_idx');
    expect(indexNames(nodes)).toContain('webhook_deliveries_open_idx');
    expect(nodeTypes(nodes)).not.toContain('Seq Scan');
  });
});
