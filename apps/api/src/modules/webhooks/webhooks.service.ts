import { randomUUID } from 'node:crypto';
import {
  MAX_WEBHOOKS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT_TYPE,
  type Webhook,
  type WebhookAttempt,
  type WebhookDelivery,
  type webhookCreateSchema,
  type webhookDeliveryListQuerySchema,
  type webhookPatchSchema,
} from '@skyvault/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import {
  endpointTarget,
  maskWebhookUrl,
  newEventId,
  newWebhookSecret,
  sealedWebhookSecret,
  storedUrl,
  type WebhookDispatcher,
} from '../../platform/webhook-outbox/index.js';
import { rotateSigningSecret } from './webhook-rotation.js';
import { checkWebhookUrl } from './webhook-url.js';
import * as repo from './webhooks.repository.js';

type WebhookInput = z.output<typeof webhookCreateSchema>;
type WebhookChange = z.output<typeof webhookPatchSchema>;
type DeliveryQuery = z.output<typeof webhookDeliveryListQuerySchema>;

/**
 * An endpoint as list and get answer it: the URL masked here (the row keeps it whole, see storedUrl),
 * and the previous secret's end while it still signs by `now`.
 */
export const toWebhook = (row: repo.WebhookRow, now: number): Webhook => ({
  id: row.id,
  url: maskWebhookUrl(row.url),
  description: row.description,
  events: row.events as Webhook['events'],
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  failingSince: row.failingSince ? iso(row.failingSince) : null,
  previousSecretExpiresAt:
    row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > now
      ? iso(row.previousSecretExpiresAt)
      : null,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

const toAttempt = (row: repo.AttemptRow): WebhookAttempt => ({
  attempt: row.attempt,
  attemptedAt: iso(row.attemptedAt),
  durationMs: row.durationMs,
  responseStatus: row.responseStatus,
  errorKind: row.errorKind as WebhookAttempt['errorKind'],
  error: row.error,
});

export const toDelivery = (row: repo.DeliveryRow): WebhookDelivery => ({
  id: row.id,
  eventId: row.eventId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  durationMs: row.durationMs,
  lastError: row.lastError,
  createdAt: iso(row.createdAt),
  lastAttemptAt: row.lastAttemptAt ? iso(row.lastAttemptAt) : null,
  // Only a delivery still to be tried has a next attempt.
  nextAttemptAt: row.status === 'pending' || row.status === 'sending' ? iso(row.nextAttemptAt) : null,
});

/**
 * What the audit trail keeps of an endpoint: its URL masked; the secret only as "set" (the trail
 * redacts it). A change of the URL's hidden part shows as a changed `urlSecret`, redacted the same way.
 */
const audited = (row: repo.WebhookRow) => ({
  url: maskWebhookUrl(row.url),
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
});

/** What a test event's `data.message` says to whoever reads the receiver's log. */
const TEST_EVENT_MESSAGE = 'A test event, sent by an administrator with "Send test event".';

/**
 * A tenant's webhook endpoints, managed by its administrators. The signing secret is made here, sealed
 * bound to its row, and answered once, at creation.
 */
export function createWebhookService(deps: {
  database: Database;
  secrets: SecretBox;
  outbound: { allowPrivateNetworks: boolean };
  /** Has this process send what was just queued (a resend) without waiting for its next poll. */
  nudge?: () => void;
  /** Sends a test event at once, on the path of every event (the dispatcher). */
  sender: Pick<WebhookDispatcher, 'queueAlone' | 'sendAlone'>;
  /** The clock of a rotated secret's 24 hours. */
  now?: () => number;
}) {
  const { database, secrets, outbound } = deps;
  const now = deps.now ?? Date.now;
  const view = (row: repo.WebhookRow) => toWebhook(row, now());
  /** The full URL stored for `row`, for the trail to compare (null when it cannot be opened). */
  const fullUrl = (row: repo.WebhookRow) => {
    try {
      return endpointTarget(secrets, row);
    } catch {
      return null;
    }
  };

  async function existing(tenantId: string, db: Executor, id: string) {
    const row = await repo.findEndpoint(tenantId, db, id);
    if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
    return row;
  }

  return {
    async list(actor: Actor) {
      const rows = await database.tenant(actor.tenantId, (tx) => repo.listEndpoints(actor.tenantId, tx));
      return { webhooks: rows.map(view), total: rows.length };
    },

    get: (actor: Actor, id: string) =>
      database.tenant(actor.tenantId, async (tx) => view(await existing(actor.tenantId, tx, id))),

    async create(actor: Actor, meta: RequestMeta, input: WebhookInput) {
      await checkWebhookUrl(input.url, outbound);
      const { tenantId } = actor;
      const id = randomUUID();
      const secret = newWebhookSecret();
      const row = await database.tenant(tenantId, async (tx) => {
        // The tenant's lock-free count can race; a second request over the limit is one too many, no harm.
        if ((await repo.countEndpoints(tenantId, tx)) >= MAX_WEBHOOKS)
          throw conflict(WEBHOOK_MESSAGES.limitReached);
        const created = await repo.insertEndpoint(tx, {
          tenantId,
          id,
          ...storedUrl(secrets, tenantId, id, input.url),
          description: input.description,
          events: input.events,
          secret: secrets.seal(sealedWebhookSecret(tenantId, id), secret),
        });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'create',
          targetType: 'webhook',
          targetId: id,
          targetName: maskWebhookUrl(created.url),
          after: { ...audited(created), urlSecret: input.url, secret },
        });
        return created;
      });
      // The one answer with the whole URL: its author just typed it.
      return { ...view(row), url: input.url, secret };
    },

    async update(actor: Actor, meta: RequestMeta, id: string, input: WebhookChange) {
      const { tenantId } = actor;
      if (input.url !== undefined) await checkWebhookUrl(input.url, outbound);
      return database.tenant(tenantId, async (tx) => {
        const before = await repo.lockEndpoint(tenantId, tx, id);
        if (!before) throw notFound(WEBHOOK_MESSAGES.notFound);
        // Enabled again by an administrator: it starts afresh (no reason, no run of failures).
        const restarted = input.enabled === true && !before.enabled;
        const after = await repo.updateEndpoint(tenantId, tx, id, {
          // A new URL is typed whole (the masked one is refused by its rule), stored whole and sealed anew.
          ...(input.url !== undefined ? storedUrl(secrets, tenantId, id, input.url) : {}),
          description: input.description,
          events: input.events,
          enabled: input.enabled,
          ...(restarted || input.enabled === false ? { disabledReason: null } : {}),
          ...(restarted ? { failingSince: null } : {}),
        });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: restarted ? 'enable' : input.enabled === false && before.enabled ? 'disable' : 'update',
          targetType: 'webhook',
          targetId: id,
          targetName: maskWebhookUrl(after.url),
          before: { ...audited(before), ...(input.url !== undefined ? { urlSecret: fullUrl(before) } : {}) },
          after: { ...audited(after), ...(input.url !== undefined ? { urlSecret: input.url } : {}) },
        });
        return view(after);
      });
    },

    async remove(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const row = await repo.lockEndpoint(tenantId, tx, id);
        if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
        await repo.deleteEndpoint(tenantId, tx, id);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'delete',
          targetType: 'webhook',
          targetId: id,
          targetName: maskWebhookUrl(row.url),
          before: audited(row),
        });
      });
    },

    /** A new signing secret, answered once; the current one keeps signing beside it for 24 hours. */
    async rotateSecret(actor: Actor, meta: RequestMeta, id: string) {
      const { row, secret } = await rotateSigningSecret({ database, secrets, now }, actor, meta, id);
      return { ...view(row), secret };
    },

    deliveries: (actor: Actor, id: string, query: DeliveryQuery) =>
      database.tenant(actor.tenantId, async (tx) => {
        await existing(actor.tenantId, tx, id);
        const { rows, total } = await repo.listDeliveries(actor.tenantId, tx, id, query);
        return { deliveries: rows.map(toDelivery), total };
      }),

    attempts: (actor: Actor, id: string, deliveryId: string) =>
      database.tenant(actor.tenantId, async (tx) => {
        await existing(actor.tenantId, tx, id);
        const delivery = await repo.findDelivery(actor.tenantId, tx, id, deliveryId);
        if (!delivery) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
        const rows = await repo.listAttempts(actor.tenantId, tx, deliveryId);
        return { attempts: rows.map(toAttempt) };
      }),

    /**
     * A signed `webhook.test` event to this endpoint only (enabled or not, whatever it subscribes to),
     * sent now and once; the answer is its delivery, with the receiver's status or the error. Asking is
     * audited in the transaction that writes the delivery, before anything is sent.
     */
    async sendTest(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      const claim = await database.tenant(tenantId, async (tx) => {
        const endpoint = await existing(tenantId, tx, id);
        const eventId = newEventId();
        const payload = {
          type: WEBHOOK_TEST_EVENT_TYPE,
          timestamp: new Date().toISOString(),
          data: { webhook: { id }, message: TEST_EVENT_MESSAGE },
        };
        const delivery = await deps.sender.queueAlone(tx, endpoint, {
          eventId,
          type: WEBHOOK_TEST_EVENT_TYPE,
          payload,
        });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'send-test-event',
          targetType: 'webhook',
          targetId: id,
          targetName: maskWebhookUrl(endpoint.url),
          after: { eventId, eventType: WEBHOOK_TEST_EVENT_TYPE },
        });
        return { endpoint, delivery };
      });
      return toDelivery(await deps.sender.sendAlone(claim));
    },

    async resend(actor: Actor, meta: RequestMeta, id: string, deliveryId: string) {
      const { tenantId } = actor;
      const created = await database.tenant(tenantId, async (tx) => {
        const endpoint = await existing(tenantId, tx, id);
        const original = await repo.findDelivery(tenantId, tx, id, deliveryId);
        if (!original) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
        const row = await repo.insertResend(tx, original);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'resend',
          targetType: 'webhook',
          targetId: id,
          targetName: maskWebhookUrl(endpoint.url),
          after: { eventId: original.eventId, eventType: original.eventType },
        });
        return row;
      });
      deps.nudge?.();
      return toDelivery(created);
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
