import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx } from '../../db/client.js';
import { createPoller, retryDelay } from '../background/poller.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { sealedAt } from '../secrets/sealed-at.js';
import { SealedValueError } from '../secrets/sealed-value-error.js';
import type { SecretBox } from '../secrets/secrets.js';
import * as repo from './outbox.repository.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The delivery schedule; tests shorten it. */
export interface OutboxSchedule {
  /** How often a process looks for due messages when nothing nudges it; 0: this process never sends. */
  pollMs: number;
  /** The first retry's delay, doubled at each failed attempt up to `maxDelayMs` (each jittered). */
  firstDelayMs: number;
  maxDelayMs: number;
  /** After this long since it was written, a message that still fails is given up (status failed). */
  giveUpAfterMs: number;
  /** The longest one send may take; its claim (lease) lasts longer, so that no other process takes it meanwhile. */
  sendTimeoutMs: number;
}

export const DEFAULT_SCHEDULE: OutboxSchedule = {
  pollMs: 2 * SECOND,
  firstDelayMs: 10 * SECOND,
  maxDelayMs: 30 * MINUTE,
  giveUpAfterMs: 24 * HOUR,
  sendTimeoutMs: 60 * SECOND,
};

/** Delivered messages are kept a week, given-up ones a month (to be looked into), then purged. */
export const RETENTION = { sentMs: 7 * 24 * HOUR, failedMs: 30 * 24 * HOUR };

/** Messages claimed per transaction. */
const BATCH = 10;
const sealedBody = sealedAt.outboxBody;

export { retryDelay };

/** A mail server's 5xx answer is permanent (no such mailbox): retrying would not deliver it. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500;
};

/** What the row keeps of a failure: the transport's message, never the mail it was sending. */
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the mail server within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The durable outbox. `enqueueMail` writes a message in the caller's transaction, so that it exists
 * exactly when the change that causes it commits; `nudge` (after the commit) has this process send
 * it at once. The dispatcher (`start`) also looks for due messages every `pollMs`: what another
 * process left, what failed before, what a crash left half-sent.
 *
 * Delivery is at least once: a message is marked sent after the mail server took it, so a crash in
 * between sends it again once its lease runs out. No two processes send a message at the same time
 * (claims with SKIP LOCKED and a lease).
 */
export function createOutbox(deps: {
  database: Database;
  secrets: SecretBox;
  mailer: Mailer;
  log: FastifyBaseLogger;
  schedule?: Partial<OutboxSchedule>;
}) {
  const { database, secrets, mailer, log } = deps;
  const schedule = { ...DEFAULT_SCHEDULE, ...deps.schedule };
  const leaseMs = schedule.sendTimeoutMs + MINUTE;

  async function deliver(row: repo.OutboxRow): Promise<void> {
    let message: MailMessage;
    try {
      const sealed = JSON.parse(secrets.open(sealedBody(row.tenantId, row.id), row.body)) as Omit<
        MailMessage,
        'to'
      >;
      message = { to: row.recipient, ...sealed };
    } catch (error) {
      // Sealed with a key that is gone (SECRETS_KEY rotated without its predecessor): it never will open.
      // Only the key error's words are logged: a parse error's would quote the opened content.
      await repo.markFailed(database.db, row, 'the message could not be opened with the current keys');
      const cause = error instanceof SealedValueError ? error.message : 'the opened content is not a message';
      log.error({ message: row.id, cause }, 'an outgoing e-mail could not be opened and is given up');
      return;
    }
    try {
      await withTimeout(mailer.send(message), schedule.sendTimeoutMs);
    } catch (error) {
      const reason = describe(error);
      const age = Date.now() - row.createdAt.getTime();
      if (isPermanent(error) || age >= schedule.giveUpAfterMs) {
        await repo.markFailed(database.db, row, reason);
        log.error({ message: row.id, attempts: row.attempts, error: reason }, 'e-mail given up');
      } else {
        const delayMs = retryDelay(row.attempts, schedule);
        await repo.scheduleRetry(database.db, row, delayMs, reason);
        log.warn({ message: row.id, attempts: row.attempts, delayMs, error: reason }, 'e-mail to be retried');
      }
      return;
    }
    await repo.markSent(database.db, row);
  }

  /** Claims and sends until nothing is due; a stop lets the message being sent finish, gives back the rest. */
  async function dispatch(): Promise<number> {
    let sent = 0;
    while (!poller.isStopped()) {
      const claimed = await database.system((tx) => repo.claimDue(tx, BATCH, leaseMs));
      for (const row of claimed) {
        if (poller.isStopped()) {
          await repo.release(database.db, row);
          continue;
        }
        await deliver(row);
        sent += 1;
      }
      if (claimed.length < BATCH) break;
    }
    return sent;
  }

  const poller = createPoller({
    pollMs: schedule.pollMs,
    pass: dispatch,
    log,
    failure: 'the outbox could not be dispatched',
  });

  return {
    /** Writes a message in `tx`, the transaction of the change that sends it; `tenantId` when it has one. */
    async enqueueMail(tx: Tx, message: MailMessage, tenantId: string | null = null): Promise<void> {
      const id = randomUUID();
      const { to, ...content } = message;
      const body = secrets.seal(sealedBody(tenantId, id), JSON.stringify(content));
      await repo.insertMessage(tx, { id, tenantId, kind: 'email', recipient: to, body });
    },
    nudge: poller.nudge,
    /** One pass over what is due, outside the timer (tests, a second process); answers how many were tried. */
    dispatchOnce: dispatch,
    /** Sends what is due now and then every pollMs; the returned function stops at a safe point. */
    start: poller.start,
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
/** What the modules use: writing a message in their transaction, and the nudge after it commits. */
export type MailOutbox = Pick<Outbox, 'enqueueMail' | 'nudge'>;
