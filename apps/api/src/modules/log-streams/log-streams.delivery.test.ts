import { logStreamEventSchema } from '@skyvault/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTenantWithUser,
  createTestApp,
  lastMailTo,
  outbox,
  type TestApp,
  type TestUser,
  useOpened,
} from '../../../test/app.js';
import { auditEvents } from '../../db/schema/index.js';
import { streamedEventHash, verifyChain, verifyReceivedChain } from '../audit/index.js';
import {
  addStream,
  expectOnceInOrder,
  getStream,
  recordEvents,
  type Sink,
  startSink,
} from './log-streams.test-helpers.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The API with loopback receivers allowed and a clock the test moves; deliveries run when it says. */
async function openApp() {
  let offset = 0;
  const now = () => Date.now() + offset;
  const app = await createTestApp(
    { OUTBOUND_PRIVATE_NETWORKS: 'true', PUBLIC_URL: 'https://console.example.com' },
    { clock: now },
  );
  const advance = (ms: number) => {
    offset += ms;
  };
  return { ...app, now, advance };
}
type ClockApp = TestApp & { now(): number; advance(ms: number): void };

const deliver = (t: TestApp) => t.app.services.logStreamDelivery.runDue();

describe('log stream delivery', () => {
  const t = useOpened(openApp) as ClockApp;
  let u: TestUser;
  beforeAll(async () => {
    u = await createTenantWithUser(t);
  });

  describe('to an HTTPS receiver (Standard Webhooks)', () => {
    let sink: Sink;
    afterAll(() => sink.close());

    it('delivers a scripted hour exactly once by id and in order, a 10-minute outage included, and the chain verifies', async () => {
      sink = await startSink('https', {});
      const stream = await addStream(t, u, { name: 'SIEM', settings: { type: 'https', url: sink.url } });
      expect(stream.secret).toMatch(/^whsec_/);
      sink.state.secret = stream.secret!;
      let sawRetrying = false;
      for (let minute = 0; minute < 60; minute++) {
        sink.state.down = minute >= 20 && minute < 30;
        await recordEvents(t, u, 3, `m${minute}`);
        await deliver(t);
        if (sink.state.down && (await getStream(t, u, stream.id)).state === 'retrying') sawRetrying = true;
        t.advance(MINUTE);
      }
      expect(sawRetrying).toBe(true);
      expect(sink.state.refused).toBeGreaterThan(0);
      // Back-off: the retry after the outage comes within its longest delay (10 minutes).
      for (let i = 0; i < 4; i++) {
        t.advance(5 * MINUTE);
        await deliver(t);
      }
      const after = await getStream(t, u, stream.id);
      expect(after).toMatchObject({
        state: 'active',
        lastError: null,
        lagSeconds: 0,
        oldestUndeliveredAt: null,
      });

      const all = await t.database.tenant(u.tenantId, (tx) =>
        tx
          .select({ id: auditEvents.id, seq: auditEvents.seq })
          .from(auditEvents)
          .where(eq(auditEvents.tenantId, u.tenantId)),
      );
      const expected = all
        .filter((event) => event.seq > stream.deliveredSeq)
        .sort((a, b) => a.seq - b.seq)
        .map((event) => event.id);
      expectOnceInOrder(sink.events);
      expect(sink.events.map((event) => event.id)).toEqual(expected);
      expect(sink.events.length).toBeGreaterThanOrEqual(180);
      for (const event of sink.events) logStreamEventSchema.parse(event);
      // The receiver's own check, with `admin audit verify`'s logic: seq, prev_hash and hash.
      const first = sink.events[0]!;
      expect(first.seq).toBe(stream.deliveredSeq + 1);
      expect(verifyReceivedChain(sink.events)).toMatchObject({ ok: true, events: sink.events.length });
      expect(await verifyChain(t.database, u.tenantId)).toMatchObject({ ok: true });
      expect(streamedEventHash(first)).toBe(first.chain.hash);
    }, 180_000);

    it('a changed or missing event breaks the received chain', () => {
      const events = sink.events.slice(0, 5);
      const changed = events.map((event, i) => (i === 2 ? { ...event, action: 'delete' } : event));
      expect(verifyReceivedChain(changed)).toMatchObject({ ok: false, broken: { seq: events[2]!.seq } });
      const gap = [events[0]!, events[1]!, events[3]!];
      expect(verifyReceivedChain(gap)).toMatchObject({
        ok: false,
        broken: { problem: expect.stringContaining('missing') },
      });
    });

    it('replays from a point in time: the events since are sent again, in order, and the replay is audited', async () => {
      const [middle] = await t.database.tenant(u.tenantId, (tx) =>
        tx
          .select({ seq: auditEvents.seq, createdAt: auditEvents.createdAt })
          .from(auditEvents)
          .where(and(eq(auditEvents.tenantId, u.tenantId), eq(auditEvents.requestId, 'm50-0'))),
      );
      const before = sink.events.length;
      const streamId = (await call(t, { method: 'GET', url: '/api/v1/log-streams', cookie: u.cookie })).json()
        .logStreams[0].id;
      const res = await call(t, {
        method: 'POST',
        url: `/api/v1/log-streams/${streamId}/replay`,
        cookie: u.cookie,
        payload: { from: middle!.createdAt.toISOString() },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().deliveredSeq).toBe(middle!.seq - 1);
      await deliver(t);
      const replayed = sink.events.slice(before);
      expect(replayed[0]!.seq).toBe(middle!.seq);
      expectOnceInOrder(replayed);
      expect(replayed.at(-1)!.action).toBe('replay-log-stream');
      expect(verifyReceivedChain(replayed)).toMatchObject({ ok: true });
    });
  });

  it.each([
    ['splunk', { token: 'hec-token-0123' }],
    ['datadog', { token: 'dd-api-key-0123' }],
  ] as const)('delivers to a %s-compatible intake in its format', async (kind, credential) => {
    const sink = await startSink(kind, credential);
    try {
      const settings =
        kind === 'splunk'
          ? { type: 'splunk' as const, url: sink.url, token: credential.token }
          : {
              type: 'datadog' as const,
              url: sink.url,
              apiKey: credential.token,
              service: 'console',
              source: 'skyvault',
            };
      const stream = await addStream(t, u, {
        name: `to ${kind}`,
        settings,
        actions: ['sign-in', 'failed-sign-in'],
      });
      await recordEvents(t, u, 9, kind);
      await deliver(t);
      expect(sink.events.map((event) => event.action)).toEqual(
        Array(3).fill(['sign-in', 'failed-sign-in']).flat(),
      );
      expectOnceInOrder(sink.events);
      expect(sink.events[0]!.seq).toBeGreaterThan(stream.deliveredSeq);
      for (const event of sink.events) expect(streamedEventHash(event)).toBe(event.chain.hash);
      if (kind === 'datadog') {
        const [log] = JSON.parse(sink.requests[0]!.body) as Record<string, string>[];
        expect(log).toMatchObject({ ddsource: 'skyvault', service: 'console' });
      }
      expect((await getStream(t, u, stream.id)).state).toBe('active');
    } finally {
      await sink.close();
    }
  });

  it('suspends a stream failing for 24 hours, mails the administrators once, and resumes where it stopped', async () => {
    const sink = await startSink('splunk', { token: 'tok' });
    const w = await createTenantWithUser(t);
    try {
      sink.state.down = true;
      const stream = await addStream(t, w, {
        name: 'Failing',
        settings: { type: 'splunk', url: sink.url, token: 'tok' },
      });
      await recordEvents(t, w, 4, 'down');
      await deliver(t);
      const retrying = await getStream(t, w, stream.id);
      expect(retrying).toMatchObject({ state: 'retrying', lastError: 'The receiver answered HTTP 503.' });
      expect(retrying.nextAttemptAt).not.toBeNull();
      expect(retrying.lagSeconds).toBeGreaterThanOrEqual(0);
      expect(retrying.oldestUndeliveredAt).not.toBeNull();
      for (let hour = 0; hour < 26; hour++) {
        t.advance(HOUR);
        await deliver(t);
      }
      const suspended = await getStream(t, w, stream.id);
      expect(suspended.state).toBe('suspended');
      expect(suspended.lagSeconds).toBeGreaterThan(24 * 3600);
      // The list answers the same lag, read for every stream in its one statement.
      const listed = await call(t, { method: 'GET', url: '/api/v1/log-streams', cookie: w.cookie });
      expect(listed.json().logStreams).toEqual([
        expect.objectContaining({ id: stream.id, oldestUndeliveredAt: suspended.oldestUndeliveredAt }),
      ]);
      const mail = await lastMailTo(t, w.email);
      expect(mail.subject).toContain('log stream was suspended');
      expect(mail.text).toContain('Failing');
      const suspensionMails = () =>
        outbox(t).filter((m) => m.to === w.email && m.subject.includes('log stream was suspended'));
      expect(suspensionMails()).toHaveLength(1);
      const refusedWhileSuspended = sink.state.refused;
      t.advance(HOUR);
      await deliver(t);
      expect(sink.state.refused).toBe(refusedWhileSuspended);

      sink.state.down = false;
      const resumed = await call(t, {
        method: 'POST',
        url: `/api/v1/log-streams/${stream.id}/resume`,
        cookie: w.cookie,
      });
      expect(resumed.statusCode, resumed.body).toBe(200);
      await deliver(t);
      const actions = sink.events.map((event) => event.action);
      // The stream's own creation first, then everything since, in order.
      expect(actions.slice(0, 5)).toEqual(['create', 'sign-in', 'failed-sign-in', 'update', 'sign-in']);
      expect(actions).toContain('suspend-log-stream');
      expectOnceInOrder(sink.events);
      expect(verifyReceivedChain(sink.events)).toMatchObject({ ok: true });
      expect((await getStream(t, w, stream.id)).state).toBe('active');
    } finally {
      await sink.close();
    }
  }, 120_000);

  it('is delivered by one process at a time: two apps on one database send each event once', async () => {
    const other = await createTestApp(
      { OUTBOUND_PRIVATE_NETWORKS: 'true' },
      { database: t.database, keepDatabase: true, clock: t.now },
    );
    const sink = await startSink('datadog', { token: 'k' });
    try {
      const v = await createTenantWithUser(t);
      await addStream(t, v, { name: 'Both', settings: { type: 'datadog', url: sink.url, apiKey: 'k' } });
      for (let round = 0; round < 5; round++) {
        await recordEvents(t, v, 30, `both${round}`);
        await Promise.all([deliver(t), deliver(other)]);
        t.advance(MINUTE);
      }
      expectOnceInOrder(sink.events);
      expect(sink.events.filter((event) => event.details.requestId?.startsWith('both'))).toHaveLength(150);
    } finally {
      await sink.close();
      await other.close();
    }
  }, 120_000);
});
