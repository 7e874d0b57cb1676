import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { newestFirst } from '../../db/order.js';
import { webhookDeliveries, webhookDeliveryAttempts, webhookEndpoints } from '../../db/schema/index.js';
import { firstRow } from '../../lib/sql.js';

export type WebhookRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

export const listEndpoints = (tenantId: string, db: Executor) =>
  db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.tenantId, tenantId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));

export async function countEndpoints(tenantId: string, db: Executor): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.tenantId, tenantId));
  return row?.total ?? 0;
}

export async function findEndpoint(
  tenantId: string,
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<WebhookRow | null> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id)))
    .limit(1)
    .$dynamic();
  return firstRow(query, options);
}

/**
 * Locks the endpoint row for the change (CHANGE_LOCK; a dispatcher settling a delivery waits, never the
 * reverse).
 */
export const lockEndpoint = (tenantId: string, tx: Tx, id: string) =>
  findEndpoint(tenantId, tx, id, { lock: true });

export async function insertEndpoint(
  tx: Tx,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookRow> {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(
  tenantId: string,
  tx: Tx,
  id: string,
  changes: Partial<
    Pick<
      WebhookRow,
      | 'url'
      | 'urlSealed'
      | 'description'
      | 'events'
      | 'enabled'
      | 'disabledReason'
      | 'failingSince'
      | 'secret'
      | 'previousSecret'
      | 'previousSecretExpiresAt'
    >
  >,
): Promise<WebhookRow> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id)))
    .returning();
  return row!;
}

/** Deletes the endpoint; its deliveries go with it (foreign key cascade). */
export async function deleteEndpoint(tenantId: string, tx: Tx, id: string): Promise<void> {
  await tx
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id)));
}

const ofEndpoint = (tenantId: string, endpointId: string) =>
  and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.endpointId, endpointId));

export async function listDeliveries(
  tenantId: string,
  db: Executor,
  endpointId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(ofEndpoint(tenantId, endpointId))
    .orderBy(newestFirst(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ total: count() })
    .from(webhookDeliveries)
    .where(ofEndpoint(tenantId, endpointId));
  return { rows, total: total?.total ?? 0 };
}

export async function findDelivery(
  tenantId: string,
  db: Executor,
  endpointId: string,
  id: string,
): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(ofEndpoint(tenantId, endpointId), eq(webhookDeliveries.id, id)))
    .limit(1);
  return row ?? null;
}

/** A new delivery of an event already sent: same event id and payload, due now. */
export async function insertResend(tx: Tx, row: DeliveryRow): Promise<DeliveryRow> {
  const [created] = await tx
    .insert(webhookDeliveries)
    .values({
      tenantId: row.tenantId,
      endpointId: row.endpointId,
      eventId: row.eventId,
      eventType: row.eventType,
      payload: row.payload,
    })
    .returning();
  return created!;
}

/** A delivery's attempts, first first (a few dozen at most: retries stop after 24 hours). */
export const listAttempts = (tenantId: string, db: Executor, deliveryId: string): Promise<AttemptRow[]> =>
  db
    .select()
    .from(webhookDeliveryAttempts)
    .where(
      and(eq(webhookDeliveryAttempts.tenantId, tenantId), eq(webhookDeliveryAttempts.deliveryId, deliveryId)),
    )
    .orderBy(asc(webhookDeliveryAttempts.attempt));
