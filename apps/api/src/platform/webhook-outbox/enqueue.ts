import { randomBytes } from 'node:crypto';
import type { WebhookEventType } from '@skyvault/contract';
import type { Tx } from '../../db/client.js';
import { isIdentityProviderActorName, type RequestMeta } from '../../lib/context.js';
import { type AuditedChange, type WebhookActor, webhookEventsOf } from './events.js';
import { insertDeliveries } from './webhook-outbox.repository.js';

/** A Standard Webhooks message id: the `webhook-id` header, one per event whatever the endpoints. */
export const newEventId = () => `msg_${randomBytes(16).toString('base64url')}`;

/**
 * Queues one event for every enabled endpoint of the tenant subscribed to it, in the caller's
 * transaction: it is sent exactly when the change commits. The payload is the Standard Webhooks body.
 */
export async function enqueueWebhookEvent(
  tx: Tx,
  event: { tenantId: string; type: WebhookEventType; data: Record<string, unknown> },
  actorUserId: string | null = null,
): Promise<void> {
  const payload = { type: event.type, timestamp: new Date().toISOString(), data: event.data };
  await insertDeliveries(
    tx,
    { tenantId: event.tenantId, eventId: newEventId(), type: event.type, payload },
    actorUserId,
  );
}

const actorOf = (meta: RequestMeta | null, actorId: string | null): WebhookActor => {
  if (isIdentityProviderActorName(meta?.actorName)) {
    return { type: 'identity-provider', id: actorId, name: meta?.actorName ?? null };
  }
  if (meta?.actorName) return { type: 'api-token', id: actorId, name: meta.actorName };
  if (!actorId) return { type: 'system', id: null, name: null };
  // A user's name (their address) is read in the insert itself.
  return { type: 'user', id: actorId, name: null };
};

/**
 * The webhooks an audit event stands for, queued in its transaction (recordAudit calls this). Most
 * audit events stand for none and cost nothing more.
 */
export async function enqueueWebhooksForAudit(tx: Tx, meta: RequestMeta | null, change: AuditedChange) {
  const actor = actorOf(meta, change.actorId);
  const events = webhookEventsOf(change, actor);
  for (const event of events) {
    await enqueueWebhookEvent(
      tx,
      { tenantId: change.tenantId, ...event },
      actor.type === 'user' ? change.actorId : null,
    );
  }
}

/** A connection's stored grant stopped working: its owner must connect it again. */
export const enqueueConnectionTokenInvalid = (
  tx: Tx,
  tenantId: string,
  data: { connection: { id: string; name: string | null }; reason: string },
) => enqueueWebhookEvent(tx, { tenantId, type: 'connection.token_invalid', data });

/** A storage's check fails after it worked (or at its first check): once per change of health. */
export const enqueueStorageUnhealthy = (
  tx: Tx,
  tenantId: string,
  data: {
    storage: { id: string; name: string; type: string };
    problem: { kind: string; permission: string | null; message: string };
  },
) => enqueueWebhookEvent(tx, { tenantId, type: 'storage.unhealthy', data });

/** A licence reaches one of its reminders (days before its end) or its end. */
export const enqueueLicenseNotice = (
  tx: Tx,
  tenantId: string,
  data: { license: { id: string; product: string; edition: string; endsAt: string }; daysLeft: number },
) =>
  enqueueWebhookEvent(tx, {
    tenantId,
    type: data.daysLeft > 0 ? 'license.expiring' : 'license.expired',
    data,
  });
