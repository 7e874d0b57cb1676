import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.js';
import { type AuditFilter, eventsPage, type SeqRange } from '../modules/audit/audit.repository.js';
import { listChecks as listConnectionChecks } from '../modules/connections/health/health-reads.repository.js';
import { listChecks as listStorageChecks } from '../modules/storages/health/health.repository.js';
import type { Database, Tx } from './client.js';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * The newest-first lists read their `(…, x DESC NULLS LAST)` index in its order and stop at the page:
 * with sorting and whole-table scans priced out of reach, a plan that still sorts is one whose ORDER
 * BY no index gives, which at five million audit events read and sorted them all (db/order.ts).
 */
describe('newest-first lists on their indexes', () => {
  let database: Database;
  const tenantId = randomUUID();
  // As a request reads: in the tenant's transaction, under row-level security, where only leakproof
  // conditions may become index conditions.
  const planOf = (build: (tx: Tx) => { toSQL(): { sql: string; params: unknown[] } }) =>
    database.tenant(tenantId, async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = build(tx).toSQL();
      const result = await tx.execute(
        sql.raw(
          `explain (format json) ${query.sql.replace(/\$(\d+)/g, (_, n) => literal(query.params[Number(n) - 1]))}`,
        ),
      );
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      const plan = Object.values(rows[0]!)[0];
      const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
      return nodesOf(parsed[0]!.Plan);
    });
  const literal = (value: unknown) => {
    if (typeof value === 'number') return String(value);
    const text = value instanceof Date ? value.toISOString() : String(value);
    return `'${text.replaceAll("'", "''")}'`;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const month = { from: new Date('2026-01-01T00:00:00Z'), until: new Date('2026-02-01T00:00:00Z') };
  // The seq range the time range was found to be (seqRangeOf reads it first).
  const monthSeqs: SeqRange = { lowest: 1_000_000, highest: 1_400_000 };
  const filters: [string, AuditFilter, SeqRange, string][] = [
    ['no filter', {}, {}, 'audit_events_tenant_seq_idx'],
    ['the actor', { actorId: randomUUID() }, {}, 'audit_events_tenant_actor_idx'],
    ['the action', { action: 'update' }, {}, 'audit_events_tenant_action_idx'],
    ['a resource', { targetType: 'user', targetId: randomUUID() }, {}, 'audit_events_tenant_target_idx'],
    ['failures', { outcome: 'failure' }, {}, 'audit_events_tenant_failures_idx'],
    ['a month', month, monthSeqs, 'audit_events_tenant_seq_idx'],
  ];
  it.each(filters)(
    'reads the audit trail filtered by %s without sorting it',
    async (_, filter, range, index) => {
      const nodes = await planOf((tx) => eventsPage(tenantId, tx, filter, { limit: 51 }, range));
      expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
      expect(nodes.map((n) => n['Index Name'])).toContain(index);
    },
  );

  it('starts and stops the index at the seq range of a time range', async () => {
    const nodes = await planOf((tx) =>
      eventsPage(tenantId, tx, { action: 'update', ...month }, { limit: 51 }, monthSeqs),
    );
    const scan = nodes.find((n) => n['Index Name'] === 'audit_events_tenant_action_idx');
    expect(scan?.['Index Cond']).toMatch(/seq >= /);
    expect(scan?.['Index Cond']).toMatch(/seq <= /);
  });

  it('reads the audit trail from a deep cursor without sorting it', async () => {
    const nodes = await planOf((tx) => eventsPage(tenantId, tx, {}, { beforeSeq: 2_500_000, limit: 51 }, {}));
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
  });

  it("reads a connection's and a storage's checks without sorting them", async () => {
    const connection = await planOf((tx) => listConnectionChecks(tenantId, tx, randomUUID()));
    expect(connection.map((n) => n['Node Type'])).not.toContain('Sort');
    expect(connection.map((n) => n['Index Name'])).toContain('connection_checks_connection_idx');
    const storage = await planOf((tx) => listStorageChecks(tx, randomUUID()));
    // The id only breaks ties of one instant: an incremental sort of those, not of the history.
    expect(storage.map((n) => n['Node Type'])).not.toContain('Sort');
    expect(storage.map((n) => n['Index Name'])).toContain('storage_checks_storage_idx');
  });
});
