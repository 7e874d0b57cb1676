import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, openWithTenants, usePostgresDatabase } from '../../../test/database.js';
import type { Database } from '../../db/client.js';
import { openPostgres } from '../../db/postgres.js';
import { outboxMessages } from '../../db/schema/index.js';
import { inBatches } from '../../db/sweep.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { createSecretBox } from '../secrets/secrets.js';
import { createOutbox, DEFAULT_SCHEDULE, retryDelay } from './outbox.js';
import { purgeSettled } from './outbox.repository.js';

const secrets = createSecretBox(Buffer.alloc(32, 7));
const log = pino({ level: 'silent' });
const SECOND = 1000;

/** A mail server that takes everything, or fails with `error` while it is set. */
function recordingMailer() {
  const sent: MailMessage[] = [];
  const state: { error?: Error } = {};
  const mailer: Mailer = {
    async send(message) {
      await new Promise((r) => setTimeout(r, 5));
      if (state.error) throw state.error;
      sent.push(message);
    },
    close: () => {},
  };
  return { sent, state, mailer };
}

const message = (to: string, code = '482913'): MailMessage => ({
  to,
  subject: `Your code: ${code}`,
  text: `Use ${code} or https://console.example.com/reset?code=Link-${code}`,
  html: `<p>${code}</p>`,
});

async function rowsTo(database: Database, to: string) {
  return database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to));
}

describe('outbox', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps the subject and bodies sealed in the table, bound to the row', async () => {
    const outbox = createOutbox({ database, secrets, mailer: recordingMailer().mailer, log });
    await database.system((tx) => outbox.enqueueMail(tx, message('sealed@example.com', '735102')));
    const [row] = await rowsTo(database, 'sealed@example.com');
    expect(row).toMatchObject({ kind: 'email', status: 'pending', attempts: 0, tenantId: null });
    expect(row!.body).toMatch(/^v2\./);
    expect(row!.body).not.toContain('735102');
    expect(JSON.stringify(row)).not.toContain('Your code');
    // Copied to another row, the body does not open: the message is given up, never sent elsewhere.
    const [other] = await database.db
      .insert(outboxMessages)
      .values({ id: crypto.randomUUID(), kind: 'email', recipient: 'copy@example.com', body: row!.body })
      .returning();
    const { sent, mailer } = recordingMailer();
    await createOutbox({ database, secrets, mailer, log }).dispatchOnce();
    expect(sent.map((m) => m.to)).toContain('sealed@example.com');
    expect(sent.map((m) => m.to)).not.toContain('copy@example.com');
    const [copy] = await rowsTo(database, other!.recipient);
    expect(copy).toMatchObject({
      status: 'failed',
      lastError: expect.stringContaining('could not be opened'),
    });
  });

  it('retries with a doubling, jittered delay, and gives a message up 24 hours after it was written', async () => {
    const { sent, state, mailer } = recordingMailer();
    state.error = new Error('connect ECONNREFUSED 127.0.0.1:2525');
    const outbox = createOutbox({ database, secrets, mailer, log });
    const to = 'retried@example.com';
    await database.system((tx) => outbox.enqueueMail(tx, message(to)));

    const delayAfter = async () => {
      const [row] = await rowsTo(database, to);
      const result = (await database.db.execute(sql`select now() as now`)) as unknown as {
        rows: { now: string | Date }[];
      };
      const now = new Date(result.rows[0]!.now);
      return { row: row!, delayMs: row!.nextAttemptAt.getTime() - now.getTime() };
    };
    const dueNow = () =>
      database.db
        .update(outboxMessages)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(outboxMessages.recipient, to));

    await outbox.dispatchOnce();
    const first = await delayAfter();
    expect(first.row).toMatchObject({ status: 'pending', attempts: 1, lastError: state.error.message });
    expect(first.delayMs).toBeGreaterThan(7 * SECOND);
    expect(first.delayMs).toBeLessThanOrEqual(12 * SECOND);
    // Not due yet: a pass leaves it alone.
    await outbox.dispatchOnce();
    expect((await delayAfter()).row.attempts).toBe(1);

    await dueNow();
    await outbox.dispatchOnce();
    const second = await delayAfter();
    expect(second.row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(second.delayMs).toBeGreaterThan(15 * SECOND);
    expect(second.delayMs).toBeLessThanOrEqual(24 * SECOND);

    // A day later, the next failure is the last one.
    await database.db
      .update(outboxMessages)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'`, nextAttemptAt: sql`now()` })
      .where(eq(outboxMessages.recipient, to));
    state.error = new Error('greeting never received');
    await outbox.dispatchOnce();
    const [failed] = await rowsTo(database, to);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastError: 'greeting never received' });
    expect(failed!.lastError).not.toContain('482913');
    expect(sent).toHaveLength(0);
  });

  it('doubles the delay up to 30 minutes', () => {
    const exact = () => 0.5;
    expect(retryDelay(1, DEFAULT_SCHEDULE, exact)).toBe(10 * SECOND);
    expect(retryDelay(2, DEFAULT_SCHEDULE, exact)).toBe(20 * SECOND);
    expect(retryDelay(5, DEFAULT_SCHEDULE, exact)).toBe(160 * SECOND);
    expect(retryDelay(40, DEFAULT_SCHEDULE, exact)).toBe(30 * 60 * SECOND);
    expect(retryDelay(1, DEFAULT_SCHEDULE, () => 0)).toBe(8 * SECOND);
    expect(retryDelay(1, DEFAULT_SCHEDULE, () => 1)).toBe(12 * SECOND);
  });

  it('gives up at once when the mail server refuses for good (5xx)', async () => {
    const { state, mailer } = recordingMailer();
    state.error = Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 });
    const outbox = createOutbox({ database, secrets, mailer, log });
    await database.system((tx) => outbox.enqueueMail(tx, message('bounce@example.com')));
    await outbox.dispatchOnce();
    const [row] = await rowsTo(database, 'bounce@example.com');
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: '550 mailbox unavailable' });
  });

  it('sends again a message whose sender stopped mid-send, once its lease has run out', async () => {
    const { sent, mailer } = recordingMailer();
    const outbox = createOutbox({ database, secrets, mailer, log });
    const to = 'half-sent@example.com';
    await database.system((tx) => outbox.enqueueMail(tx, message(to)));
    // Claimed by a process that then died: `sending`, its lease still running.
    await database.db
      .update(outboxMessages)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: sql`now() + interval '1 minute'` })
      .where(eq(outboxMessages.recipient, to));
    await outbox.dispatchOnce();
    expect(sent.filter((m) => m.to === to)).toHaveLength(0);
    await database.db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outboxMessages.recipient, to));
    await outbox.dispatchOnce();
    expect(sent.filter((m) => m.to === to)).toHaveLength(1);
    const [row] = await rowsTo(database, to);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('purges delivered messages after a week and given-up ones after a month', async () => {
    const outbox = createOutbox({ database, secrets, mailer: recordingMailer().mailer, log });
    const aged = async (to: string, status: 'sent' | 'failed' | 'pending', days: number) => {
      await database.system((tx) => outbox.enqueueMail(tx, message(to)));
      const at = sql`now() - make_interval(days => ${days})`;
      await database.db
        .update(outboxMessages)
        .set({
          status,
          createdAt: at,
          sentAt: status === 'sent' ? at : null,
          nextAttemptAt: sql`now() + interval '1 hour'`,
        })
        .where(eq(outboxMessages.recipient, to));
    };
    await aged('old-sent@example.com', 'sent', 8);
    await aged('new-sent@example.com', 'sent', 6);
    await aged('old-failed@example.com', 'failed', 31);
    await aged('new-failed@example.com', 'failed', 8);
    await aged('old-pending@example.com', 'pending', 2);
    for (let n = 0; n < 4; n++) await aged(`older-sent-${n}@example.com`, 'sent', 9);
    // Six to go, two a transaction: four batches, the last one short.
    const batches: number[] = [];
    const purged = await inBatches(
      database,
      async (tx, limit) => {
        const removed = await purgeSettled(tx, 7 * 24 * 3600 * SECOND, 30 * 24 * 3600 * SECOND, limit);
        batches.push(removed);
        return removed;
      },
      2,
    );
    expect(purged).toBe(6);
    expect(batches).toEqual([2, 2, 2, 0]);
    const left = (await database.db.select({ to: outboxMessages.recipient }).from(outboxMessages)).map(
      (r) => r.to,
    );
    expect(left).not.toContain('old-sent@example.com');
    expect(left).not.toContain('old-failed@example.com');
    expect(left).toEqual(
      expect.arrayContaining(['new-sent@example.com', 'new-failed@example.com', 'old-pending@example.com']),
    );
  });
});

describe('outbox rows of a tenant', () => {
  it("are seen and written by that tenant's transactions only", async () => {
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const database = await openWithTenants(
      [
        [a, 'outbox-a'],
        [b, 'outbox-b'],
      ],
      async () => {},
    );
    try {
      const outbox = createOutbox({ database, secrets, mailer: recordingMailer().mailer, log });
      await database.tenant(a, (tx) => outbox.enqueueMail(tx, message('a@example.com'), a));
      await database.tenant(b, (tx) => outbox.enqueueMail(tx, message('b@example.com'), b));
      const seenBy = (tenantId: string) =>
        database.tenant(tenantId, (tx) => tx.select({ to: outboxMessages.recipient }).from(outboxMessages));
      expect(await seenBy(a)).toEqual([{ to: 'a@example.com' }]);
      expect(await seenBy(b)).toEqual([{ to: 'b@example.com' }]);
      await expect(
        database.tenant(a, (tx) => outbox.enqueueMail(tx, message('x@example.com'), b)),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('outbox on PostgreSQL', () => {
  const created = usePostgresDatabase();

  it('two dispatchers on one database never send one message twice', async () => {
    const first = openPostgres(created.url, { max: 3 });
    const second = openPostgres(created.url, { max: 3 });
    try {
      const a = recordingMailer();
      const b = recordingMailer();
      const outboxA = createOutbox({ database: first.database, secrets, mailer: a.mailer, log });
      const outboxB = createOutbox({ database: second.database, secrets, mailer: b.mailer, log });
      const recipients = Array.from({ length: 45 }, (_, i) => `twice-${i}@example.com`);
      await first.database.system(async (tx) => {
        for (const to of recipients) await outboxA.enqueueMail(tx, message(to));
      });
      await Promise.all([
        outboxA.dispatchOnce(),
        outboxB.dispatchOnce(),
        outboxA.dispatchOnce(),
        outboxB.dispatchOnce(),
      ]);
      const sent = [...a.sent, ...b.sent].map((m) => m.to);
      expect(sent.sort()).toEqual([...recipients].sort());
      // Both took part (each pass claims ten at a time).
      expect(a.sent.length).toBeGreaterThan(0);
      expect(b.sent.length).toBeGreaterThan(0);
    } finally {
      await first.database.close();
      await second.database.close();
    }
  });
});
