// EXPLAIN (ANALYZE, BUFFERS) of the audit log's queries in the demo tenant of the scale data set
// (bench/scale-run.sh), each built by the repository as the API builds it: the first page, each filter
// of the screen alone and some together, deep cursors; and the retention's search for expired events, timed.
// Usage: DATABASE_URL=… npx tsx bench/scale-explain.ts > plans.txt
import { performance } from 'node:perf_hooks';
import { openPostgres } from '../apps/api/src/db/postgres.js';
import {
  type AuditFilter,
  eventsPage,
  expiredThrough,
  seqRangeOf,
} from '../apps/api/src/modules/audit/audit.repository.js';
import { md5Uuid } from './scale-audit.mjs';

const DAY_MS = 86_400_000;
const { database, pool } = openPostgres(process.env.DATABASE_URL!, { max: 1 });
const {
  rows: [demo],
} = await pool.query(
  "select t.id, h.seq from tenants t join audit_chain_heads h on h.tenant_id = t.id where t.name = 'demo'",
);
const actorId = md5Uuid(`${demo.id}:4242`);
const now = Date.now();
const monthAgo = (months: number) => ({
  from: new Date(now - (months + 1) * 30 * DAY_MS),
  until: new Date(now - months * 30 * DAY_MS),
});
const cases: [string, AuditFilter, number?][] = [
  ['first page', {}],
  ['actor (id)', { actorId }],
  ['actor (address)', { actorEmail: 'user4242@t0.example.com' }],
  ['action', { action: 'health-changed' }],
  ['resource type', { targetType: 'storage' }],
  ['resource', { targetType: 'user', targetId: actorId }],
  ['outcome failure', { outcome: 'failure' }],
  ['a month, six months back', monthAgo(6)],
  ['a month eleven months back', monthAgo(11)],
  ['a day, six months back', { from: new Date(now - 180 * DAY_MS), until: new Date(now - 179 * DAY_MS) }],
  [
    'resource type, action and a day',
    {
      targetType: 'group',
      action: 'update',
      from: new Date(now - 180 * DAY_MS),
      until: new Date(now - 179 * DAY_MS),
    },
  ],
  [
    'failures in a day',
    { outcome: 'failure', from: new Date(now - 90 * DAY_MS), until: new Date(now - 89 * DAY_MS) },
  ],
  ['action and outcome', { action: 'failed-sign-in', outcome: 'failure' }],
  ['actor and a month', { actorId, ...monthAgo(6) }],
  ['action and a month', { action: 'update', ...monthAgo(6) }],
  [
    'everything',
    { actorId, action: 'sign-in', targetType: 'user', targetId: actorId, outcome: 'success', ...monthAgo(6) },
  ],
  ['deep cursor', {}, Math.floor(Number(demo.seq) / 2)],
  ['deep cursor with action', { action: 'update' }, 1_000_000],
];
for (const [name, filter, beforeSeq] of cases) {
  // The seq range of a time range is read first, as the API reads it.
  const query = await database.system(async (tx) => {
    const range = await seqRangeOf(demo.id, tx, filter);
    return eventsPage(demo.id, tx, filter, { beforeSeq, limit: 51 }, range === 'none' ? {} : range).toSQL();
  });
  const { rows } = await pool.query(`explain (analyze, buffers) ${query.sql}`, query.params);
  console.log(`### ${name}\n\n\`\`\`\n${rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\`\n`);
}
// The retention's search (one lateral look-up a tenant through the (tenant_id, created_at) index), timed.
const started = performance.now();
const expired = await database.system((tx) => expiredThrough(tx));
console.log(
  `### the retention's search\n\n${expired.length} tenants with expired events, found in ${Math.round(performance.now() - started)} ms\n`,
);
await database.close();
