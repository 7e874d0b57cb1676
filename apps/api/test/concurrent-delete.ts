import { and, count, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../src/db/client.js';
import { auditEvents } from '../src/db/schema/index.js';
import type { TestApp } from './app.js';
import { signal } from './signal.js';

type Db = Pick<TestApp, 'database'>;

/** A transaction of one tenant held open by a test (PostgreSQL only: PGlite runs one at a time). */
export interface HeldTransaction {
  /** Until a statement of another connection waits for a lock this transaction holds, or `settled` settles. */
  untilBlocking(settled?: Promise<unknown>): Promise<void>;
  /** Runs `last` in the transaction, if given, and commits it. */
  commit(last?: (tx: Tx) => Promise<unknown>): Promise<void>;
}

/**
 * Runs `first` in a transaction of the tenant and holds it open, with the locks `first` took, until
 * `commit()`: what a request meets when another one is in the middle of its change.
 */
export async function holdTransaction(
  t: Db,
  tenantId: string,
  first: (tx: Tx) => Promise<unknown>,
): Promise<HeldTransaction> {
  const started = signal();
  const ending = signal();
  let last: ((tx: Tx) => Promise<unknown>) | undefined;
  let pid = 0;
  const holder = t.database.tenant(tenantId, async (tx) => {
    const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
      rows: { pid: number }[];
    };
    pid = result.rows[0]!.pid;
    await first(tx);
    started.fire();
    await ending.fired;
    await last?.(tx);
  });
  // A `first` that fails ends the test here, not in a transaction nobody waits for.
  await Promise.race([started.fired, holder]);
  return {
    async untilBlocking(settled) {
      let done = false;
      const stop = () => {
        done = true;
      };
      settled?.then(stop, stop);
      for (let tries = 0; tries < 500; tries++) {
        if (done || (await blocks(t, pid))) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('no statement waited for the held transaction');
    },
    async commit(then) {
      last = then;
      ending.fire();
      await holder;
    },
  };
}

/** Whether a statement of another connection waits for a lock that the backend `pid` holds. */
async function blocks(t: Db, pid: number) {
  const result = (await t.database.system((tx) =>
    tx.execute(
      sql`select exists (select 1 from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))) as blocked`,
    ),
  )) as unknown as { rows: { blocked: boolean }[] };
  return result.rows[0]!.blocked;
}

/** A table whose rows a tenant owns, by tenant and id. */
type TenantTable = PgTable & { tenantId: PgColumn; id: PgColumn };

/**
 * What `request` answers when it comes while another transaction deletes the tenant's row `id` of
 * `table`: the delete is held open until the request waits for its lock, then committed. A save or a
 * delete that takes the row first (a find with its lock) waits and then finds it gone.
 */
export async function answerDuringDelete<T>(
  t: Db,
  target: { tenantId: string; table: TenantTable; id: string },
  request: () => Promise<T>,
): Promise<T> {
  const { tenantId, table, id } = target;
  const held = await holdTransaction(t, tenantId, async (tx) => {
    const deleted = await tx
      .delete(table)
      .where(and(eq(table.tenantId, tenantId), eq(table.id, id)))
      .returning({ id: table.id });
    if (deleted.length !== 1) throw new Error(`no row ${id} to delete`);
  });
  const answer = request();
  try {
    await held.untilBlocking(answer);
  } finally {
    await held.commit();
  }
  return answer;
}

/** How many events of `action` (a delete by default) the tenant's trail holds for the target. */
export async function auditedActions(t: Db, tenantId: string, targetId: string, action = 'delete') {
  const [row] = await t.database.tenant(tenantId, (tx) =>
    tx
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, targetId), eq(auditEvents.action, action))),
  );
  return row?.n ?? 0;
}
