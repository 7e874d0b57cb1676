import { LOG_STREAM_BATCH_SIZE, LOG_STREAM_TEXTS } from '@skyvault/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { createClaimedScheduler } from '../../platform/background/claimed-checks.js';
import { retryDelay } from '../../platform/background/poller.js';
import { createOutboundFetch, type OutboundFetch } from '../../platform/outbound/outbound.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import type { StorageWriter } from '../storages/index.js';
import { sendBatch, toStreamEvent } from './log-stream-sinks.js';
import * as repo from './log-streams.repository.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface LogStreamSchedule {
  /** How often a process looks for streams with events to send (LOG_STREAM_POLL_MS); 0: never. */
  pollMs: number;
  /** The first retry's delay, doubled at each failure up to maxDelayMs (jittered ±20 %). */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A stream failing this long (no success in between) is suspended and its administrators mailed. */
  suspendAfterMs: number;
  /** One request's (or file's) time limit. */
  sendTimeoutMs: number;
  /** Batches one claim sends at most before it gives the stream back (other streams get their turn). */
  batchesPerClaim: number;
}

export const DEFAULT_LOG_STREAM_SCHEDULE: LogStreamSchedule = {
  pollMs: 5 * SECOND,
  firstDelayMs: 10 * SECOND,
  maxDelayMs: 10 * MINUTE,
  suspendAfterMs: 24 * HOUR,
  sendTimeoutMs: 10 * SECOND,
  batchesPerClaim: 10,
};

/** Called in the transaction that suspended a stream: its administrators are told. */
export type StreamSuspended = (tx: Tx, stream: repo.LogStreamRow) => Promise<void>;

export const sealedLogStreamSecret = sealedAt.logStreamSecret;

/**
 * Sends each stream's events from its cursor, in order, in batches of up to 100, from every process:
 * a stream is claimed with a lease (SKIP LOCKED), so exactly one process sends it at a time. The
 * cursor moves only after the sink took a batch: delivery is at least once (a crash between the two
 * sends the batch again; the events' ids tell repeats apart). A failing sink is retried with back-off
 * from where it stopped; after 24 hours of failures the stream is suspended.
 */
export function createLogStreamDelivery(deps: {
  database: Database;
  secrets: SecretBox;
  storage: StorageWriter;
  log: FastifyBaseLogger;
  allowPrivateNetworks: boolean;
  schedule?: Partial<LogStreamSchedule>;
  onSuspended?: StreamSuspended;
  fetch?: OutboundFetch;
  now?: () => number;
}) {
  const { database, secrets, log } = deps;
  const now = deps.now ?? Date.now;
  const schedule = { ...DEFAULT_LOG_STREAM_SCHEDULE, ...deps.schedule };
  /** A stream's wait between two looks: a poll's (a second at least, also where nothing polls). */
  const idleMs = Math.max(schedule.pollMs, SECOND);
  const fetch =
    deps.fetch ??
    createOutboundFetch({
      allowPrivateNetworks: deps.allowPrivateNetworks,
      timeoutMs: schedule.sendTimeoutMs,
      maxBytes: 64 * 1024,
    });

  const openSecret = (stream: repo.LogStreamRow) =>
    stream.secret ? secrets.open(sealedLogStreamSecret(stream.tenantId, stream.id), stream.secret) : null;

  /** Records a failed batch: retrying with back-off, or suspended after 24 hours of failures. */
  async function failed(claim: repo.LogStreamRow, error: string) {
    const at = now();
    const failingSince = claim.failingSince ?? new Date(at);
    const suspend = at - failingSince.getTime() >= schedule.suspendAfterMs;
    await database.system(async (tx) => {
      const row = await repo.settle(tx, claim, {
        state: suspend ? 'suspended' : 'retrying',
        lastError: error,
        failingSince,
        attempts: claim.attempts + 1,
        nextAttemptAt: new Date(at + retryDelay(claim.attempts + 1, schedule)),
        leaseUntil: null,
      });
      if (!row) return void (await repo.release(tx, claim));
      if (!suspend) return;
      await recordAudit(tx, null, {
        tenantId: row.tenantId,
        actorId: null,
        action: 'suspend-log-stream',
        targetType: 'log-stream',
        targetId: row.id,
        targetName: row.name,
        before: { state: claim.state },
        after: { state: 'suspended', reason: LOG_STREAM_TEXTS.suspendedReason },
      });
      await deps.onSuspended?.(tx, row);
    });
    log.warn(
      { tenant: claim.tenantId, logStream: claim.id, error },
      suspend ? 'log stream suspended after failing' : 'log stream batch to be retried',
    );
  }

  /** Sends a claimed stream's batches until it is up to date, a batch fails or the claim is lost. */
  async function deliver(claimed: repo.LogStreamRow): Promise<void> {
    let claim = claimed;
    let secret: string | null;
    try {
      secret = openSecret(claim);
    } catch {
      return failed(claim, 'The secret could not be opened with SECRETS_KEY.');
    }
    for (let batch = 0; batch < schedule.batchesPerClaim && !scheduler.stopping(); batch++) {
      const rows = await database.tenant(claim.tenantId, (tx) =>
        repo.eventsAfter(claim.tenantId, tx, claim.deliveredSeq, claim.actions, LOG_STREAM_BATCH_SIZE),
      );
      if (rows.length === 0) break;
      const events = rows.map(toStreamEvent);
      const error = await sendBatch(
        // The signature's time is the real clock's: receivers judge it against theirs.
        { fetch, storage: deps.storage, nowSeconds: Math.floor(Date.now() / 1000) },
        claim,
        secret,
        events,
      );
      if (error) return failed(claim, error);
      const settled = await database.system((tx) =>
        repo.settle(tx, claim, {
          deliveredSeq: events.at(-1)!.seq,
          lastDeliveredAt: new Date(now()),
          state: 'active',
          lastError: null,
          failingSince: null,
          attempts: 0,
        }),
      );
      // Changed by an administrator meanwhile (paused, replayed, edited): the new claim starts over.
      if (!settled) return void (await database.system((tx) => repo.release(tx, claim)));
      claim = settled;
      if (rows.length < LOG_STREAM_BATCH_SIZE) break;
    }
    // Up to date (or its turn is over): looked at again after the next poll, not within this pass.
    await database.system((tx) =>
      repo.settle(tx, claim, { leaseUntil: null, nextAttemptAt: new Date(now() + idleMs) }),
    );
  }

  const scheduler = withStopping(
    createClaimedScheduler({
      database,
      claimDue: repo.claimDue,
      check: deliver,
      claimMs: schedule.batchesPerClaim * schedule.sendTimeoutMs + MINUTE,
      batch: 10,
      parallel: 4,
      pollMs: schedule.pollMs,
      log,
      now,
      failure: (stream) => [{ tenant: stream.tenantId, logStream: stream.id }, 'log stream delivery failed'],
      passFailure: 'log streams could not be delivered',
    }),
  );
  return scheduler;
}

/** The scheduler, with whether its process is stopping (a delivery ends at its next batch). */
function withStopping(scheduler: ReturnType<typeof createClaimedScheduler<repo.LogStreamRow>>) {
  let stopped = false;
  return {
    runDue: scheduler.runDue,
    nudge: scheduler.nudge,
    stopping: () => stopped,
    start(): () => Promise<void> {
      const stop = scheduler.start();
      return async () => {
        stopped = true;
        await stop();
      };
    },
  };
}

export type LogStreamDelivery = ReturnType<typeof createLogStreamDelivery>;
