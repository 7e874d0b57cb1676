import http from 'node:http';
import type { AuditActionName, LogStreamCreate, LogStreamEvent } from '@skyvault/contract';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';
import { call, type TestApp, type TestUser } from '../../../test/app.js';
import { recordAudit } from '../../platform/audit/audit.service.js';

export type SinkKind = 'https' | 'splunk' | 'datadog';

/**
 * Splunk HEC's body: JSON objects one after another (whitespace between them or not), read the way
 * the collector reads them: one whole value at a time.
 */
export function parseConcatenated(body: string): unknown[] {
  const values: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') {
      if (depth === 0) start = i;
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) values.push(JSON.parse(body.slice(start, i + 1)));
    }
  }
  return values;
}

/**
 * A local receiver speaking one sink's published request format: a Standard Webhooks receiver
 * (verified with the `standardwebhooks` package), a Splunk HTTP Event Collector, or a Datadog logs
 * intake. It keeps the events it accepted, in order; `down` answers 503 (a receiver that is away).
 */
export async function startSink(kind: SinkKind, credential: { secret?: string; token?: string }) {
  const events: LogStreamEvent[] = [];
  const requests: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const state = { down: false, refused: 0, secret: credential.secret ?? '' };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const answer = (status: number, json: unknown) => {
        response.statusCode = status;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(json));
      };
      if (state.down) {
        state.refused += 1;
        return answer(503, { error: 'away' });
      }
      requests.push({ path: request.url ?? '', headers: request.headers, body });
      try {
        if (kind === 'https') {
          const verified = new Webhook(state.secret).verify(body, request.headers as Record<string, string>);
          events.push(...(verified as LogStreamEvent[]));
          return answer(200, {});
        }
        if (kind === 'splunk') {
          if (request.url !== '/services/collector/event') return answer(404, { text: 'Not found' });
          if (request.headers.authorization !== `Splunk ${credential.token}`)
            return answer(401, { text: 'Invalid token', code: 4 });
          for (const item of parseConcatenated(body) as { sourcetype: string; event: LogStreamEvent }[]) {
            if (item.sourcetype !== 'skyvault:audit') return answer(400, { text: 'Bad sourcetype' });
            events.push(item.event);
          }
          return answer(200, { text: 'Success', code: 0 });
        }
        if (request.url !== '/api/v2/logs') return answer(404, { errors: ['Not found'] });
        if (request.headers['dd-api-key'] !== credential.token) return answer(403, { errors: ['Forbidden'] });
        for (const log of JSON.parse(body) as { ddsource: string; service: string; message: string }[]) {
          events.push(JSON.parse(log.message) as LogStreamEvent);
        }
        return answer(202, {});
      } catch {
        return answer(400, { error: 'refused' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: kind === 'https' ? `http://127.0.0.1:${port}/audit` : `http://127.0.0.1:${port}`,
    events,
    requests,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Sink = Awaited<ReturnType<typeof startSink>>;

/** Records `count` events of the tenant as its services do (sign-ins, failed ones, changes). */
export async function recordEvents(t: TestApp, u: TestUser, count: number, label: string) {
  const actions: AuditActionName[] = ['sign-in', 'failed-sign-in', 'update'];
  for (let i = 0; i < count; i++) {
    const action = actions[i % actions.length]!;
    await t.database.tenant(u.tenantId, (tx) =>
      recordAudit(
        tx,
        { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (test) "quoted" ünïcode', requestId: `${label}-${i}` },
        {
          tenantId: u.tenantId,
          actorId: action === 'failed-sign-in' ? null : u.userId,
          action,
          outcome: action === 'failed-sign-in' ? 'failure' : 'success',
          ...(action === 'update'
            ? {
                targetType: 'group',
                targetId: `${label}-${i}`,
                targetName: `Group ${label} ${i}`,
                before: { name: `old ${i}`, members: [1, 2], nested: { b: true, aa: null } },
                after: { name: `new ${i} — "x"\n`, members: [1, 2, 3], nested: { b: false, aa: 1.5 } },
              }
            : { method: 'password' as const, targetType: 'user', targetId: u.userId }),
        },
      ),
    );
  }
}

export async function addStream(t: TestApp, u: TestUser, body: LogStreamCreate) {
  const res = await call(t, { method: 'POST', url: '/api/v1/log-streams', cookie: u.cookie, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string | null; deliveredSeq: number };
}

export async function getStream(t: TestApp, u: TestUser, id: string) {
  const res = await call(t, { method: 'GET', url: `/api/v1/log-streams/${id}`, cookie: u.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    state: string;
    lastError: string | null;
    lagSeconds: number;
    oldestUndeliveredAt: string | null;
    nextAttemptAt: string | null;
    deliveredSeq: number;
  };
}

/** Each id once, and seqs rising. */
export function expectOnceInOrder(events: LogStreamEvent[]) {
  const ids = events.map((event) => event.id);
  expect(new Set(ids).size).toBe(ids.length);
  const seqs = events.map((event) => event.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
}
