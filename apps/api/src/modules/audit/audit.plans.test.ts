import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.js';
import { useOpened } from '../../../test/opened.js';
import { indexNames, nodeTypes, planOf } from '../../../test/plans.js';
import { tenants } from '../../db/schema/index.js';
import { type AuditFilter, eventsPage, type SeqRange, seqRangeOf } from './audit.repository.js';

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

/**
 * A day of a trail with history, planned on the table's statistics as production plans it: the page
 * walks the seq index and stops, where estimates multiplied as if unrelated (the seq range and the
 * time range; an action and the resource type it is done to) once promised fewer events than a page,
 * and the planner read the whole day and sorted it.
 */
describe('a day of the audit trail, planned on its statistics', () => {
  const database = useOpened(openTestDatabase);
  const tenantId = randomUUID();
  const DAYS = 30;
  const PER_DAY = 2_000;
  const start = Date.parse('2026-03-01T00:00:00Z');
  const day = { from: new Date(start + 15 * 86_400_000), until: new Date(start + 16 * 86_400_000) };

  beforeAll(async () => {
    // Events as the chain would have made them, a minute's share of a day apart; the chain's and the
    // guards' triggers are off for the insert (its hashes are not what these plans read).
    await database.system(async (tx) => {
      await tx.insert(tenants).values({ id: tenantId, name: `plans-${tenantId.slice(0, 8)}` });
      await tx.execute(sql`alter table audit_events disable trigger user`);
      // Of every 20 events: 7 sign-ins, 4 users, 2 groups and a storage updated, and one each of six more.
      await tx.execute(sql`
        insert into audit_events (tenant_id, id, seq, action, target_type, created_at, hash)
        select ${tenantId}::uuid, gen_random_uuid(), n, kind[1], kind[2],
               ${new Date(start).toISOString()}::timestamptz + n * ${86_400 / PER_DAY}::float8 * interval '1 second', ''
        from generate_series(1, ${DAYS * PER_DAY}) as n,
        lateral (select (array[
          'sign-in:user', 'sign-in:user', 'sign-in:user', 'sign-in:user', 'sign-in:user', 'sign-in:user',
          'sign-in:user', 'update:user', 'update:user', 'update:user', 'update:user', 'update:group',
          'update:group', 'update:storage', 'failed-sign-in:user', 'delete:user', 'create:api-token',
          'create:user', 'health-changed:connection', 'sign-out:user'])[n % 20 + 1]) as pair(text),
        lateral (select string_to_array(pair.text, ':') as kind) as split`);
      await tx.execute(sql`alter table audit_events enable trigger user`);
    });
    await database.system((tx) => tx.execute(sql`analyze audit_events`));
  });

  const plannedDay = async (filter: AuditFilter) => {
    const range = await database.tenant(tenantId, (tx) => seqRangeOf(tenantId, tx, filter));
    if (range === 'none') throw new Error('the day has events');
    return planOf(database, tenantId, (tx) => eventsPage(tenantId, tx, filter, { limit: 51 }, range), {
      pricedOut: false,
    });
  };

  it('reads a day from the seq index in order, without sorting it', async () => {
    const nodes = await plannedDay(day);
    expect(nodeTypes(nodes)).not.toContain('Sort');
    expect(indexNames(nodes)).toContain('audit_events_tenant_seq_idx');
  });

  it('reads an action on a resource type in a day from the action index in order', async () => {
    const nodes = await plannedDay({ ...day, action: 'update', targetType: 'group' });
    expect(nodeTypes(nodes)).not.toContain('Sort');
    expect(indexNames(nodes)).toContain('audit_events_tenant_action_idx');
  });
});
