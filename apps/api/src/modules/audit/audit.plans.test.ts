import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.js';
import { useOpened } from '../../../test/opened.js';
import { indexNames, nodeTypes, planOf } from '../../../test/plans.js';
import { type AuditFilter, eventsPage, type SeqRange } from './audit.repository.js';

/** The audit trail's pages read their `(tenant_id, …, seq DESC NULLS LAST)` index in order and stop. */
describe('the audit trail on its indexes', () => {
  const database = useOpened(openTestDatabase);
  const tenantId = randomUUID();

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
  it.each(filters)('reads the trail filtered by %s without sorting it', async (_, filter, range, index) => {
    const nodes = await planOf(database, tenantId, (tx) =>
      eventsPage(tenantId, tx, filter, { limit: 51 }, range),
    );
    expect(nodeTypes(nodes)).not.toContain('Sort');
    expect(indexNames(nodes)).toContain(index);
  });

  it('starts and stops the index at the seq range of a time range', async () => {
    const nodes = await planOf(database, tenantId, (tx) =>
      eventsPage(tenantId, tx, { action: 'update', ...month }, { limit: 51 }, monthSeqs),
    );
    const scan = nodes.find((n) => n['Index Name'] === 'audit_events_tenant_action_idx');
    expect(scan?.['Index Cond']).toMatch(/seq >= /);
    expect(scan?.['Index Cond']).toMatch(/seq <= /);
  });

  it('reads the trail from a deep cursor without sorting it', async () => {
    const nodes = await planOf(database, tenantId, (tx) =>
      eventsPage(tenantId, tx, {}, { beforeSeq: 2_500_000, limit: 51 }, {}),
    );
    expect(nodeTypes(nodes)).not.toContain('Sort');
  });
});
