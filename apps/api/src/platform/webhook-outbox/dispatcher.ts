import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.js';
import { createPoller, retryDelay } from '../background/poller.js';
import { createOutboundFetch, type OutboundFetch } from '../outbound/outbound.js';
import { sealedAt } from '../secrets/sealed-at.js';
import type { SecretBox } from '../secrets/secrets.js';
import { attemptFailure, sealedValueFailure } from './attempt-errors.js';
import { endpointTarget } from './endpoint-url.js';
import { signatureHeader } from './signing.js';
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
  /** The longest one attempt may take (WEBHOOK_TIMEOUT_MS); the endpoint's lease lasts a minute longer. */
  sendTimeoutMs: number;
  /** Runs (an endpoint's claimed deliveries) one process has in flight at once, all endpoints together. */
  maxInFlight: number;
  /** Runs one process has in flight at once for one tenant (each endpoint has one at most anyway). */
  maxInFlightPerTenant: number;
  /**
   * The most deliveries of one endpoint claimed at once and sent one after another (in order) before
   * they are recorded together: a queue costs one claim and one write for many deliveries. A crash in
   * the middle of a run sends its deliveries again, as any crash before a delivery is recorded does.
   */
  deliveriesPerClaim: number;
}

export const DEFAULT_WEBHOOK_SCHEDULE: WebhookSchedule = {
  pollMs: SECOND,
  firstDelayMs: 10 * SECOND,
  maxDelayMs: HOUR,
  giveUpAfterMs: 24 * HOUR,
  disableAfterMs: 24 * HOUR,
  sendTimeoutMs: 10 * SECOND,
  maxInFlight: 32,
  maxInFlightPerTenant: 4,
  deliveriesPerClaim: 50,
};

/** What an endpoint disabled for failing says (the console shows it). */
export const DISABLED_FOR_FAILING = 'Deliveries failed for 24 hours; the endpoint was disabled.';

/** Endpoints claimed per statement. */
const BATCH = 10;

/** Where the signing secret is sealed (listed in sealed-at.ts, so that a key rotation re-seals it). */
export const sealedWebhookSecret = sealedAt.webhookSecret;

/** The secret before a rotation, sealed in its own column. */
export const sealedPreviousWebhookSecret = sealedAt.webhookPreviousSecret;

/** Called in the transaction that disabled an endpoint for failing: its administrators are told. */
export type EndpointDisabled = (tx: Tx, endpoint: repo.EndpointRow) => Promise<void>;

/**
 * Sends the webhook deliveries, from every process: claims are taken in the database (the endpoint's
 * lease), so two processes never send to one endpoint at once, and what a stopped process left is sent
 * by the next. Delivery is at least once: a crash after the receiver answered and before the row is
 * settled sends it again (same `webhook-id`, so the receiver can drop the repeat).
 *
 * Each endpoint's run is sent on its own: the claim loop does not wait for it, so a receiver that is slow (or
 * never answers, until the time-out) delays only its own endpoint's later events, never another's.
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
  /** The clock that ends a rotated secret's 24 hours (tests move it). */
  now?: () => number;
}) {
  const { database, secrets, log } = deps;
  const now = deps.now ?? Date.now;
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
  /** The attempts under way in this process, and how many per tenant (the claim's fair share). */
  const inFlight = new Set<Promise<void>>();
  const perTenant = new Map<string, number>();

  /** The secrets that sign now: the current one, and the previous one until its grace ends. */
  function signingSecrets(endpoint: repo.EndpointRow): string[] {
    const current = secrets.open(sealedWebhookSecret(endpoint.tenantId, endpoint.id), endpoint.secret);
    const { previousSecret, previousSecretExpiresAt } = endpoint;
    if (!previousSecret || !previousSecretExpiresAt || previousSecretExpiresAt.getTime() <= now())
      return [current];
    try {
      return [
        current,
        secrets.open(sealedPreviousWebhookSecret(endpoint.tenantId, endpoint.id), previousSecret),
      ];
    } catch {
      // The new secret alone still reaches receivers that switched.
      return [current];
    }
  }

  async function attempt(endpoint: repo.EndpointRow, delivery: repo.DeliveryRow): Promise<repo.Outcome> {
    const started = Date.now();
    const attemptedAt = new Date(started);
    let keys: string[];
    let target: string;
    try {
      keys = signingSecrets(endpoint);
      target = endpointTarget(secrets, endpoint);
    } catch {
      const failure = sealedValueFailure();
      return {
        attemptedAt,
        responseStatus: null,
        durationMs: 0,
        error: failure.message,
        errorKind: failure.kind,
      };
    }
    // The exact bytes that are signed are the bytes that are sent.
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const response = await send(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Skyvault-Webhooks/1',
          'webhook-id': delivery.eventId,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader(keys, delivery.eventId, timestamp, body),
        },
        body,
      });
      const durationMs = Date.now() - started;
      const ok = response.status >= 200 && response.status < 300;
      const error = ok ? null : `HTTP ${response.status}`;
      return { attemptedAt, responseStatus: response.status, durationMs, error, errorKind: null };
    } catch (error) {
      // Our words for what happened (time-out, refused, TLS …): never a body, never a secret.
      const failure = attemptFailure(error);
      return {
        attemptedAt,
        responseStatus: null,
        durationMs: Date.now() - started,
        error: failure.message,
        errorKind: failure.kind,
      };
    }
  }

  /** What comes after an attempt: delivered, retried later, or given up once it is a day old. */
  function nextAfter(delivery: repo.DeliveryRow, outcome: repo.Outcome): repo.Settlement {
    if (outcome.error === null) return { status: 'delivered' };
    const age = Date.now() - delivery.createdAt.getTime();
    if (age >= schedule.giveUpAfterMs) return { status: 'failed' };
    return { status: 'pending', delayMs: retryDelay(delivery.attempts, schedule) };
  }

  /**
   * Sends a claim's run one delivery after another, in order, and records them together. The run stops
   * at its first failure (the deliveries after it wait for its retry) and once it has taken one send's
   * time-out (well within the lease), and at a stop: what it did not send is handed back.
   */
  async function deliver(claim: repo.Claim): Promise<void> {
    const { endpoint } = claim;
    const sent: repo.Sent[] = [];
    const began = Date.now();
    for (const delivery of claim.deliveries) {
      if (poller.isStopped()) break;
      if (sent.length > 0 && Date.now() - began >= schedule.sendTimeoutMs) break;
      const outcome = await attempt(endpoint, delivery);
      const next = nextAfter(delivery, outcome);
      sent.push({ delivery, outcome, next });
      if (next.status !== 'delivered') break;
    }
    const last = sent.at(-1);
    await database.system(async (tx) => {
      const stillHeld = await repo.settle(tx, claim, sent);
      if (!stillHeld || !last || last.next.status === 'delivered') return;
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
    if (last && last.next.status !== 'delivered')
      log.warn(
        {
          webhook: endpoint.id,
          delivery: last.delivery.id,
          attempts: last.delivery.attempts,
          error: last.outcome.error,
          errorKind: last.outcome.errorKind,
        },
        last.next.status === 'failed' ? 'webhook delivery given up' : 'webhook delivery to be retried',
      );
  }

  /** Starts one run without waiting for it; when it ends, its place goes to what is due next. */
  function launch(claim: repo.Claim): void {
    const tenantId = claim.endpoint.tenantId;
    perTenant.set(tenantId, (perTenant.get(tenantId) ?? 0) + 1);
    const running: Promise<void> = deliver(claim)
      .catch((error: unknown) =>
        log.warn({ err: error, webhook: claim.endpoint.id }, 'webhook attempt failed'),
      )
      .finally(() => {
        inFlight.delete(running);
        const left = (perTenant.get(tenantId) ?? 1) - 1;
        if (left > 0) perTenant.set(tenantId, left);
        else perTenant.delete(tenantId);
        // The endpoint's next event, or another tenant's that waited for a place.
        poller.nudge();
      });
    inFlight.add(running);
  }

  /**
   * Claims what is due while this process has places, and starts each run on its own; answers how many
   * were started. A claim waits for no run: endpoints are served side by side, each one in order.
   */
  async function dispatch(): Promise<number> {
    let started = 0;
    while (!poller.isStopped()) {
      const room = schedule.maxInFlight - inFlight.size;
      if (room <= 0) break;
      const claims = await database.system((tx) =>
        repo.claimDue(
          tx,
          Math.min(BATCH, room),
          leaseMs,
          { inFlight: perTenant, perTenant: schedule.maxInFlightPerTenant },
          schedule.deliveriesPerClaim,
        ),
      );
      for (const claim of claims) launch(claim);
      started += claims.length;
      if (claims.length === 0) break;
    }
    return started;
  }

  const poller = createPoller({
    pollMs: schedule.pollMs,
    pass: dispatch,
    log,
    failure: 'webhooks could not be dispatched',
  });

  /** Waits for the attempts under way (each ends by its time-out at the latest). */
  const settled = async () => {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  };

  return {
    nudge: poller.nudge,
    /**
     * Queues one event for one endpoint, to be sent at once by `sendAlone` (a test event), in the
     * caller's transaction: the delivery is written already claimed (attempt 1, due only once its lease
     * runs out), so no dispatcher takes it meanwhile; if this process stops before recording the
     * attempt, the queue sends it when the lease ends, as any claimed delivery.
     */
    queueAlone: (
      tx: Tx,
      endpoint: repo.EndpointRow,
      event: { eventId: string; type: string; payload: Record<string, unknown> },
    ) => repo.insertClaimedDelivery(tx, endpoint, event, leaseMs),
    /**
     * Sends a delivery that `queueAlone` wrote, now and once, on the path every event takes (the same
     * signatures, headers, outbound guard and time-out), and records the attempt. It stands outside the
     * endpoint's order and lease (the queue's events are neither held back nor overtaken) and leaves
     * the endpoint's run of failures as it is: a test is a question, not a delivery of a change.
     */
    async sendAlone(claim: {
      endpoint: repo.EndpointRow;
      delivery: repo.DeliveryRow;
    }): Promise<repo.DeliveryRow> {
      const outcome = await attempt(claim.endpoint, claim.delivery);
      const settled = await database.system((tx) => repo.settleAlone(tx, claim.delivery, outcome));
      // Recorded by another process that took it after its lease ran out: its row says what happened.
      return settled ?? claim.delivery;
    },
    /** One pass over what is due, outside the timer (tests): answers how many were tried, once settled. */
    async dispatchOnce(): Promise<number> {
      const started = await dispatch();
      await settled();
      return started;
    },
    /**
     * Sends what is due now and every pollMs; the returned function stops at a safe point, once the
     * attempts under way have been recorded. Nothing stored is rewritten at start: a change of form
     * belongs to a migration (docs/webhooks.md, "The endpoint's URL").
     */
    start(): () => Promise<void> {
      const stopPolling = poller.start();
      return async () => {
        await stopPolling();
        await settled();
      };
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
