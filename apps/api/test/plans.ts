import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../src/db/client.js';

export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

const literal = (value: unknown) => {
  if (typeof value === 'number') return String(value);
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `'${text.replaceAll("'", "''")}'`;
};

/**
 * Every node of the plan of the statement `build` makes, planned as a request reads: in the tenant's
 * transaction, under row-level security (where only leakproof conditions may become index
 * conditions), with sorting and whole-table scans priced out of reach. A plan that still sorts is one
 * whose ORDER BY no index gives; at five million audit events that read and sorted them all
 * (db/order.ts). With `{ pricedOut: false }` the planner chooses on the table's statistics alone, as
 * it does in production: for tests that give the table rows and analyze it.
 */
export const planOf = (
  database: Database,
  tenantId: string,
  build: (tx: Tx) => { toSQL(): { sql: string; params: unknown[] } },
  { pricedOut = true }: { pricedOut?: boolean } = {},
): Promise<PlanNode[]> =>
  database.tenant(tenantId, async (tx) => {
    if (pricedOut) {
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
    }
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

export const nodeTypes = (nodes: PlanNode[]) => nodes.map((n) => n['Node Type']);
export const indexNames = (nodes: PlanNode[]) => nodes.map((n) => n['Index Name']);
