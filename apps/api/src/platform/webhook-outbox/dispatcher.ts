import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.js';
import { createPoller, retryDelay } from '../background/poller.js';
import { createOutboundFetch, type OutboundFetch } from '../outbound/outbound.js';
import type { SealedAt, SecretBox } from '../secrets/secrets.js';
import { signWebhook } from './signing.js';
import * as repo from './webhook-outbox.repository.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The delivery schedule; tests shorten it. */
export interface WebhookSchedule {
  /** How often a process looks for due deliveries; 0: this process never sends. */
  pollMs: number;
  /** The first retry's delay, doubled at each failed attempt up to `maxDelayMs` (each jittered ±20 %). */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A delivery still failing this long after it was written is given up. */
  giveUpAfterMs: number;
  /** An endpoint whose deliveries have failed this long (no success in between) is disabled. */
  disableAfterMs: number;
  /** The longest one request may take; the endpoint's lease lasts a minute longer. */
  sendTimeoutMs: number;
}

export const DEFAULT_WEBHOOK_SCHEDULE: WebhookSchedule = {
  pollMs: SECOND,
  firstDelayMs: 10 * SECOND,
  maxDelayMs: HOUR,
  giveUpAfterMs: 24 * HOUR,
  disableAfterMs: 24 * HOUR,
  sendTimeoutMs: 10 * SECOND,
};

/** What an endpoint disabled for failing says (the console shows it). */
export const DISABLED_FOR_FAILING = 'Deliveries failed for 24 hours; the endpoint was disabled.';

/** Endpoints served per pass. */
const BATCH = 10;

export const sealedWebhookSecret = (tenantId: string, id: string): SealedAt => ({
  scope: tenantId,
  table: 'webhook_endpoints',
  id,
  field: 'secret',
});

/** Called in the transaction that disabled an endpoint for failing: its administrators are told. */
export type EndpointDisabled = (tx: Tx, endpoint: repo.EndpointRow) => Promise<void>;

/**
 * Sends the webhook deliveries, from every process: claims are taken in the database (the endpoint's
 * lease), so two processes never send to one endpoint at once, and what a stopped process left is sent
 * by the next. Delivery is at least once: a crash after the receiver answered and before the row is
 * settled sends it again (same `webhook-id`, so the receiver can drop the repeat).
 */
export function createWebhookDispatcher(deps: {
  database: Database;
  secrets: SecretBox;
  log: FastifyBaseLogger;
  allowPrivateNetworks: boolean;
  schedule?: Partial<WebhookSchedule>;
  onDisabled?: EndpointDisabled;
  /** Overrides the guarded fetch (tests). */
  fetch?: OutboundFetch;
}) {
  const { database, secrets, log } = deps;
  const schedule = { ...DEFAULT_WEBHOOK_SCHEDULE, ...deps.schedule };
  const leaseMs = schedule.sendTimeoutMs + MINUTE;
  const send =
    deps.fetch ??
    createOutboundFetch({
      allowPrivateNetworks: deps.allowPrivateNetworks,
      timeoutMs: schedule.sendTimeoutMs,
      // The receiver's answer is not read beyond its status; a little of it is allowed.
      maxBytes: 64 * 1024,
    });

  async function attempt(claim: repo.Claim): Promise<repo.Outcome> {
    const { endpoint, delivery } = claim;
    const started = Date.now();
    let secret: string;
    try {
      secret = secrets.open(sealedWebhookSecret(endpoint.tenantId, endpoint.id), endpoint.secret);
    } catch {
      return { responseStatus: null, durationMs: 0, error: 'The signing secret could not be opened.' };
    }
    // The exact bytes that are signed are the bytes that are sent.
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const response = await send(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Skyvault-Webhooks/1',
          'webhook-id': delivery.eventId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(secret, delivery.eventId, timestamp, body),
        },
        body,
      });
      const durationMs = Date.now() - started;
      const ok = response.status >= 200 && response.status < 300;
      return { responseStatus: response.status, durationMs, error: ok ? null : `HTTP ${response.status}` };
    } catch (error) {
      // The outbound guard's words (refused address, time-out, unreachable): never a body of ours.
      const message = error instanceof Error ? error.message : String(error);
      return { responseStatus: null, durationMs: Date.now() - started, error: message.slice(0, 300) };
    }
  }

  async function deliver(claim: repo.Claim): Promise<void> {
    if (poller.isStopped()) {
      await database.system((tx) =>
        repo.settle(tx, claim, { responseStatus: null, durationMs: 0, error: null }, { status: 'released' }),
      );
      return;
    }
    const outcome = await attempt(claim);
    const { delivery, endpoint } = claim;
    const age = Date.now() - delivery.createdAt.getTime();
    const next: repo.Settlement =
      outcome.error === null
        ? { status: 'delivered' }
        : age >= schedule.giveUpAfterMs
          ? { status: 'failed' }
          : { status: 'pending', delayMs: retryDelay(delivery.attempts, schedule) };
    await database.system(async (tx) => {
      const stillHeld = await repo.settle(tx, claim, outcome, next);
      if (!stillHeld || next.status === 'delivered') return;
      const disabled = await repo.disableIfFailingSince(
        tx,
        endpoint,
        schedule.disableAfterMs,
        DISABLED_FOR_FAILING,
      );
      if (disabled) {
        log.warn(
          { tenant: endpoint.tenantId, webhook: endpoint.id },
          'webhook endpoint disabled after failing',
        );
        await deps.onDisabled?.(tx, disabled);
      }
    });
    if (next.status !== 'delivered')
      log.warn(
        { webhook: endpoint.id, delivery: delivery.id, attempts: delivery.attempts, error: outcome.error },
        next.status === 'failed' ? 'webhook delivery given up' : 'webhook delivery to be retried',
      );
  }

  /** Claims and sends until nothing is due; endpoints are served side by side, each one at a time. */
  async function dispatch(): Promise<number> {
    let sent = 0;
    while (!poller.isStopped()) {
      const claims = await database.system((tx) => repo.claimDue(tx, BATCH, leaseMs));
      await Promise.all(claims.map(deliver));
      sent += claims.length;
      if (claims.length === 0) break;
    }
    return sent;
  }

  const poller = createPoller({
    pollMs: schedule.pollMs,
    pass: dispatch,
    log,
    failure: 'webhooks could not be dispatched',
  });

  return {
    nudge: poller.nudge,
    /** One pass over what is due, outside the timer (tests); answers how many were tried. */
    dispatchOnce: dispatch,
    /** Sends what is due now and then every pollMs; the returned function stops at a safe point. */
    start: poller.start,
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
