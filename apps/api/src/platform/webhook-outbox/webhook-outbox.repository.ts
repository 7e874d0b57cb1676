import type { WebhookAttemptError } from '@skyvault/contract';
import { and, asc, count, eq, inArray, isNull, lte, min, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../../db/schema/index.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const seconds = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/**
 * One delivery per enabled endpoint of the tenant subscribed to the event, in one INSERT … SELECT (no
 * round trip to read the endpoints first). `actorUserId` names a user actor by their address, read in
 * the same statement.
 */
export async function insertDeliveries(
  tx: Tx,
  event: { tenantId: string; eventId: string; type: string; payload: Record<string, unknown> },
  actorUserId: string | null,
): Promise<void> {
  const json = sql`${JSON.stringify(event.payload)}::jsonb`;
  const payload = actorUserId
    ? sql`jsonb_set(${json}, '{data,actor,name}', coalesce(to_jsonb((SELECT u.email FROM users u WHERE u.tenant_id = ${event.tenantId} AND u.id = ${actorUserId})), 'null'::jsonb))`
    : json;
  await tx.insert(webhookDeliveries).select(
    tx
      .select({
        tenantId: webhookEndpoints.tenantId,
        id: sql`gen_random_uuid()`.as('id'),
        endpointId: webhookEndpoints.id,
        eventId: sql`${event.eventId}`.as('event_id'),
        eventType: sql`${event.type}`.as('event_type'),
        payload: sql`${payload}`.as('payload'),
        status: sql`'pending'`.as('status'),
        attempts: sql`0`.as('attempts'),
        nextAttemptAt: sql`now()`.as('next_attempt_at'),
        lastAttemptAt: sql`NULL::timestamptz`.as('last_attempt_at'),
        responseStatus: sql`NULL::int`.as('response_status'),
        durationMs: sql`NULL::int`.as('duration_ms'),
        lastError: sql`NULL::text`.as('last_error'),
        createdAt: sql`now()`.as('created_at'),
        deliveredAt: sql`NULL::timestamptz`.as('delivered_at'),
      })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.tenantId, event.tenantId),
          eq(webhookEndpoints.enabled, true),
          sql`${event.type} = ANY(${webhookEndpoints.events})`,
        ),
      ) as never,
  );
}

/** An endpoint's deliveries not settled yet (webhook_deliveries_open_idx holds them in their order). */
const openOf = (endpoint: Pick<EndpointRow, 'tenantId' | 'id'>) =>
  and(
    eq(webhookDeliveries.tenantId, endpoint.tenantId),
    eq(webhookDeliveries.endpointId, endpoint.id),
    inArray(webhookDeliveries.status, ['pending', 'sending']),
  );

/** The oldest unsettled delivery of an endpoint: deliveries go out in the order they were written. */
const oldestOpen = (endpoint: typeof webhookEndpoints) => sql`(
  SELECT d.next_attempt_at FROM webhook_deliveries d
  WHERE d.tenant_id = ${endpoint.tenantId} AND d.endpoint_id = ${endpoint.id} AND d.status IN ('pending', 'sending')
  ORDER BY d.created_at, d.id LIMIT 1)`;

/** Endpoints with a delivery due (webhook_deliveries_due_idx): only those are asked for their oldest. */
const withDueDelivery = (endpoint: typeof webhookEndpoints) => sql`(${endpoint.tenantId}, ${endpoint.id}) IN (
  SELECT d.tenant_id, d.endpoint_id FROM webhook_deliveries d
  WHERE d.status IN ('pending', 'sending') AND d.next_attempt_at <= now())`;

/**
 * Enabled endpoints with a free lease whose oldest open delivery is due, locked for this claim (other
 * dispatchers skip them), leaving out the tenants in `busy`.
 */
export const dueEndpoints = (tx: Tx, limit: number, busy: string[] = []) =>
  tx
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.enabled, true),
        or(isNull(webhookEndpoints.leaseUntil), lte(webhookEndpoints.leaseUntil, sql`now()`)),
        withDueDelivery(webhookEndpoints),
        lte(oldestOpen(webhookEndpoints), sql`now()`),
        busy.length > 0 ? notInArray(webhookEndpoints.tenantId, busy) : undefined,
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });

/** An endpoint's next `limit` open deliveries in the order they go out, and whether each is due. */
export const nextOpen = (tx: Tx, endpoint: Pick<EndpointRow, 'tenantId' | 'id'>, limit: number) =>
  tx
    .select({ id: webhookDeliveries.id, due: sql<boolean>`${webhookDeliveries.nextAttemptAt} <= now()` })
    .from(webhookDeliveries)
    .where(openOf(endpoint))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id))
    .limit(limit);

/**
 * An endpoint claimed with the run of its deliveries that goes out now, oldest first (at least one):
 * sent one after another under the endpoint's lease, so that an endpoint with a queue costs one claim
 * for many deliveries and they still arrive in order.
 */
export interface Claim {
  endpoint: EndpointRow;
  deliveries: DeliveryRow[];
}

/** What this process already sends per tenant, and how many of one tenant it sends at most at once. */
export interface TenantShare {
  inFlight: ReadonlyMap<string, number>;
  perTenant: number;
}

/**
 * Takes up to `limit` endpoints whose oldest open delivery is due and whose lease is free, and claims
 * that delivery and the due ones right after it (`perClaim` at most). The endpoint row is locked with
 * SKIP LOCKED (dispatchers of other processes take other endpoints meanwhile) and leased until
 * `leaseMs` from now: one run of deliveries per endpoint is in flight, whichever process sends it. A
 * process that dies mid-run leaves the lease to run out. Tenants that already have `perTenant` runs in
 * flight here are left to the next claim, so that one tenant's slow endpoints never take every place of
 * a process.
 */
export async function claimDue(
  tx: Tx,
  limit: number,
  leaseMs: number,
  share: TenantShare,
  perClaim: number,
): Promise<Claim[]> {
  const busy = [...share.inFlight].filter(([, n]) => n >= share.perTenant).map(([tenantId]) => tenantId);
  const endpoints = await dueEndpoints(tx, limit, busy);
  const claims: Claim[] = [];
  const taken = new Map(share.inFlight);
  for (const endpoint of endpoints) {
    // More of one tenant than its share in this batch: left locked-but-unleased, free at commit.
    if ((taken.get(endpoint.tenantId) ?? 0) >= share.perTenant) continue;
    const queue = await nextOpen(tx, endpoint, perClaim);
    // The run ends at the first delivery that is not due: one waiting for its retry (what follows it
    // waits too, in order), or one under way on its own (a test event).
    const firstWaiting = queue.findIndex((row) => !row.due);
    const run = (firstWaiting === -1 ? queue : queue.slice(0, firstWaiting)).map((row) => row.id);
    if (run.length === 0) continue;
    const rows = await tx
      .update(webhookDeliveries)
      .set({
        status: 'sending',
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        nextAttemptAt: sql`now() + ${seconds(leaseMs)}`,
      })
      .where(and(eq(webhookDeliveries.tenantId, endpoint.tenantId), inArray(webhookDeliveries.id, run)))
      .returning();
    const byId = new Map(rows.map((row) => [row.id, row]));
    await tx
      .update(webhookEndpoints)
      .set({ leaseUntil: sql`now() + ${seconds(leaseMs)}` })
      .where(and(eq(webhookEndpoints.tenantId, endpoint.tenantId), eq(webhookEndpoints.id, endpoint.id)));
    claims.push({ endpoint, deliveries: run.map((id) => byId.get(id)!) });
    taken.set(endpoint.tenantId, (taken.get(endpoint.tenantId) ?? 0) + 1);
  }
  return claims;
}

/**
 * Only the holder of a claim settles its deliveries (one whose lease ran out and was claimed again may
 * not): each still `sending` with the attempt this claim made. Deliveries of one tenant.
 */
const held = (rows: DeliveryRow[]) =>
  and(
    eq(webhookDeliveries.tenantId, rows[0]!.tenantId),
    eq(webhookDeliveries.status, 'sending'),
    sql`(${webhookDeliveries.id}, ${webhookDeliveries.attempts}) IN (${sql.join(
      rows.map((row) => sql`(${row.id}::uuid, ${row.attempts}::int)`),
      sql`, `,
    )})`,
  );

export interface Outcome {
  /** When the request went out. */
  attemptedAt: Date;
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
  /** Why no HTTP answer came; null when one did (whatever its status). */
  errorKind: WebhookAttemptError | null;
}

export type Settlement =
  | { status: 'delivered' }
  | { status: 'pending'; delayMs: number }
  | { status: 'failed' };

/** One delivery of a claim that was sent, what came of it, and what is next for it. */
export interface Sent {
  delivery: DeliveryRow;
  outcome: Outcome;
  next: Settlement;
}

/** The attempts' own rows: a delivery's attempts list shows each one. */
const recordAttempts = (tx: Tx, sent: { delivery: DeliveryRow; outcome: Outcome }[]) =>
  tx.insert(webhookDeliveryAttempts).values(
    sent.map(({ delivery, outcome }) => ({
      tenantId: delivery.tenantId,
      deliveryId: delivery.id,
      attempt: delivery.attempts,
      attemptedAt: outcome.attemptedAt,
      durationMs: outcome.durationMs,
      responseStatus: outcome.responseStatus,
      errorKind: outcome.errorKind,
      error: outcome.error,
    })),
  );

/**
 * Records the attempts of a claim's run (on each delivery, and as rows of its attempts), hands back
 * the deliveries it did not send (a stop, a failure before them, the run's time used up: not attempts,
 * due again at once, in their order) and frees the endpoint's lease; answers whether this process
 * still held the claim.
 */
export async function settle(tx: Tx, claim: Claim, sent: Sent[]): Promise<boolean> {
  const delivered = sent.filter((entry) => entry.next.status === 'delivered');
  const recorded: Sent[] = [];
  if (delivered.length > 0) {
    // Each delivered one's own answer, in one statement for the run.
    const each = (value: (entry: Sent) => SQL) =>
      sql`CASE ${webhookDeliveries.id} ${sql.join(
        delivered.map((entry) => sql`WHEN ${entry.delivery.id}::uuid THEN ${value(entry)}`),
        sql` `,
      )} END`;
    const updated = await tx
      .update(webhookDeliveries)
      .set({
        status: 'delivered',
        deliveredAt: sql`now()`,
        lastError: null,
        responseStatus: each((entry) => sql`${entry.outcome.responseStatus}::int`),
        durationMs: each((entry) => sql`${entry.outcome.durationMs}::int`),
        lastAttemptAt: each((entry) => sql`${entry.outcome.attemptedAt.toISOString()}::timestamptz`),
      })
      .where(held(delivered.map((entry) => entry.delivery)))
      .returning({ id: webhookDeliveries.id });
    const stillHeld = new Set(updated.map((row) => row.id));
    recorded.push(...delivered.filter((entry) => stillHeld.has(entry.delivery.id)));
  }
  // The run's last attempt when it failed: retried later, or given up.
  for (const entry of sent.filter((one) => one.next.status !== 'delivered')) {
    const { delivery, outcome, next } = entry;
    const common = {
      responseStatus: outcome.responseStatus,
      durationMs: outcome.durationMs,
      lastError: outcome.error,
      lastAttemptAt: outcome.attemptedAt,
    };
    const values =
      next.status === 'pending'
        ? { ...common, status: 'pending' as const, nextAttemptAt: sql`now() + ${seconds(next.delayMs)}` }
        : { ...common, status: 'failed' as const };
    const updated = await tx
      .update(webhookDeliveries)
      .set(values)
      .where(held([delivery]))
      .returning({ id: webhookDeliveries.id });
    if (updated.length > 0) recorded.push(entry);
  }
  const unsent = claim.deliveries.slice(sent.length);
  const released =
    unsent.length === 0
      ? []
      : await tx
          .update(webhookDeliveries)
          .set({
            status: 'pending',
            attempts: sql`${webhookDeliveries.attempts} - 1`,
            nextAttemptAt: sql`now()`,
          })
          .where(held(unsent))
          .returning({ id: webhookDeliveries.id });
  // A claim that ran out was taken again by another process: the endpoint's lease is theirs now.
  if (recorded.length === 0 && released.length === 0) return false;
  if (recorded.length > 0) await recordAttempts(tx, recorded);
  const last = recorded.at(-1)?.next.status;
  await tx
    .update(webhookEndpoints)
    .set({
      leaseUntil: null,
      ...(last === undefined
        ? {}
        : last === 'delivered'
          ? { failingSince: null }
          : { failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` }),
    })
    .where(
      and(eq(webhookEndpoints.tenantId, claim.endpoint.tenantId), eq(webhookEndpoints.id, claim.endpoint.id)),
    );
  return true;
}

/**
 * One delivery of an event to one endpoint, written claimed (status `sending`, attempt 1, due again
 * only when `leaseMs` has passed), whatever the endpoint subscribes to: the caller sends it itself
 * (settleAlone records it).
 */
export async function insertClaimedDelivery(
  tx: Tx,
  endpoint: Pick<EndpointRow, 'tenantId' | 'id'>,
  event: { eventId: string; type: string; payload: Record<string, unknown> },
  leaseMs: number,
): Promise<DeliveryRow> {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({
      tenantId: endpoint.tenantId,
      endpointId: endpoint.id,
      eventId: event.eventId,
      eventType: event.type,
      payload: event.payload,
      status: 'sending',
      attempts: 1,
      lastAttemptAt: sql`now()`,
      nextAttemptAt: sql`now() + ${seconds(leaseMs)}`,
    })
    .returning();
  return row!;
}

/**
 * Records the one attempt of a delivery sent on its own: delivered on a 2xx, failed otherwise (it is
 * not retried), with its attempt row; the endpoint's lease and run of failures are left alone. Answers
 * the settled row, or null when the delivery was no longer held (its lease ran out and the queue took it).
 */
export async function settleAlone(
  tx: Tx,
  delivery: DeliveryRow,
  outcome: Outcome,
): Promise<DeliveryRow | null> {
  const delivered = outcome.error === null;
  const [row] = await tx
    .update(webhookDeliveries)
    .set({
      status: delivered ? 'delivered' : 'failed',
      responseStatus: outcome.responseStatus,
      durationMs: outcome.durationMs,
      lastError: outcome.error,
      ...(delivered ? { deliveredAt: sql`now()` } : {}),
    })
    .where(held([delivery]))
    .returning();
  if (!row) return null;
  await recordAttempts(tx, [{ delivery, outcome }]);
  return row;
}

/**
 * Disables the endpoint when its failures have lasted `afterMs`; answers it when this call did (once:
 * an endpoint already disabled is not disabled again, so its administrators are told once).
 */
export async function disableIfFailingSince(
  tx: Tx,
  endpoint: Pick<EndpointRow, 'tenantId' | 'id'>,
  afterMs: number,
  reason: string,
): Promise<EndpointRow | null> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(webhookEndpoints.tenantId, endpoint.tenantId),
        eq(webhookEndpoints.id, endpoint.id),
        eq(webhookEndpoints.enabled, true),
        lte(webhookEndpoints.failingSince, sql`now() - ${seconds(afterMs)}`),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Removes delivered deliveries after `deliveredMs` and given-up ones after `failedMs`, at most `limit` of
 * them (housekeeping repeats it in transactions of their own, db/sweep.ts inBatches); answers how many.
 */
export async function purgeSettledDeliveries(
  tx: Tx,
  deliveredMs: number,
  failedMs: number,
  limit: number,
): Promise<number> {
  const settled = tx
    .select({ tenantId: webhookDeliveries.tenantId, id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      or(
        and(
          eq(webhookDeliveries.status, 'delivered'),
          lte(webhookDeliveries.createdAt, sql`now() - ${seconds(deliveredMs)}`),
        ),
        and(
          eq(webhookDeliveries.status, 'failed'),
          lte(webhookDeliveries.createdAt, sql`now() - ${seconds(failedMs)}`),
        ),
      ),
    )
    .limit(limit);
  const removed = await tx
    .delete(webhookDeliveries)
    // By the primary key, (tenant_id, id).
    .where(sql`(${webhookDeliveries.tenantId}, ${webhookDeliveries.id}) in ${settled}`)
    .returning({ id: webhookDeliveries.id });
  return removed.length;
}

export interface WebhookBacklog {
  queued: number;
  failed: number;
}

/** What waits and what was given up, for the metrics. */
export async function readBacklog(
  database: Database,
): Promise<WebhookBacklog & { oldestQueuedSeconds: number }> {
  const rows = await database.db
    .select({ status: webhookDeliveries.status, total: count(), oldest: min(webhookDeliveries.createdAt) })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.status, ['pending', 'sending', 'failed']))
    .groupBy(webhookDeliveries.status);
  let queued = 0;
  let failed = 0;
  let oldest: Date | undefined;
  for (const row of rows) {
    if (row.status === 'failed') failed += row.total;
    else {
      queued += row.total;
      const created = row.oldest ? new Date(row.oldest) : undefined;
      if (created && (!oldest || created < oldest)) oldest = created;
    }
  }
  return {
    queued,
    failed,
    oldestQueuedSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0,
  };
}
