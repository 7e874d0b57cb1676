import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import manifest from '../../package.json' with { type: 'json' };
import { call, createTenantWithUser, type TestApp, testConfig } from '../../test/app.js';
import { openTestDatabase } from '../../test/database.js';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import type { MailMessage } from '../platform/mail/mailer.js';
import { createMetrics } from './metrics.js';

const PASSWORD = 'Metrics-ready1';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The value of one series in the exposition text (0 when absent). */
const seriesValue = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe('metrics', () => {
  let t: TestApp;
  let port: number;
  const sent: MailMessage[] = [];
  beforeAll(async () => {
    port = await freePort();
    const config = testConfig({
      METRICS_PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_LOGIN_FAILURES_PER_ADDRESS: '1/900',
    });
    const database = await openTestDatabase();
    // A mail server that takes every message but those to one bouncing address.
    const mailer = {
      async send(message: MailMessage) {
        if (message.to.startsWith('bounce-')) throw new Error('550 mailbox unavailable');
        sent.push(message);
      },
      close: () => {},
    };
    const app = await buildApp(config, { database, logger: false, mailer });
    await app.ready();
    t = { app, database, config, close: () => app.close() };
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  /** Scrapes until a series reaches a value (e-mails go out without the request waiting for them). */
  const scrapeUntil = async (series: string, value: number) => {
    for (let i = 0; i < 50; i++) {
      const text = await scrape();
      if (seriesValue(text, series) >= value) return text;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`${series} did not reach ${value}`);
  };

  it('serves the series after logins, refusals and e-mails, on its own port only', async () => {
    const u = await createTenantWithUser(t, { password: PASSWORD });
    const bouncing = await createTenantWithUser(t, {
      email: `bounce-${randomUUID().slice(0, 8)}@example.com`,
    });
    const login = (password: string, remoteAddress: string) =>
      call(t, {
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress,
        payload: { tenantName: u.tenantName, email: u.email, password },
      });

    expect((await login(PASSWORD, '203.0.113.10')).statusCode).toBe(200);
    // One failure per address is allowed here: the next attempt from it is refused.
    expect((await login('Wrong-password1', '203.0.113.20')).statusCode).toBe(401);
    expect((await login(PASSWORD, '203.0.113.20')).statusCode).toBe(429);

    // A login by e-mail code: the code arrives by mail, and checking it is the sign-in.
    const asked = await call(t, {
      method: 'POST',
      url: '/api/v1/verification-codes',
      payload: { email: u.email },
    });
    expect(asked.statusCode).toBe(204);
    await scrapeUntil('skyvault_emails_total{outcome="sent"}', 1);
    const code = /\b(\d{6})\b/.exec(sent.at(-1)!.text)![1];
    const verified = await call(t, {
      method: 'POST',
      url: '/api/v1/verification-codes/verify',
      payload: { email: u.email, code },
    });
    expect(verified.statusCode).toBe(200);
    await call(t, { method: 'POST', url: '/api/v1/verification-codes', payload: { email: bouncing.email } });

    // A provider id in the URL stays out of the labels: the route's pattern names the series.
    const providerId = randomUUID();
    await call(t, { method: 'GET', url: `/api/v1/sso/${providerId}/start` });

    const text = await scrapeUntil('skyvault_emails_total{outcome="failed"}', 1);
    expect(seriesValue(text, 'skyvault_logins_total{method="password",outcome="success"}')).toBe(1);
    expect(seriesValue(text, 'skyvault_logins_total{method="password",outcome="failure"}')).toBe(1);
    expect(seriesValue(text, 'skyvault_logins_total{method="password",outcome="limited"}')).toBe(1);
    expect(seriesValue(text, 'skyvault_logins_total{method="code",outcome="success"}')).toBe(1);
    expect(text).toContain('skyvault_logins_total{method="sso",outcome="failure"} 0');
    expect(seriesValue(text, 'skyvault_abuse_limit_refusals_total{route="/api/v1/auth/login"}')).toBe(1);
    expect(seriesValue(text, 'skyvault_emails_total{outcome="sent"}')).toBe(1);
    expect(seriesValue(text, 'skyvault_emails_total{outcome="failed"}')).toBe(1);
    expect(
      seriesValue(
        text,
        'http_request_duration_seconds_count{method="POST",route="/api/v1/auth/login",status_code="200"}',
      ),
    ).toBe(1);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.1",method="POST",route="\/api\/v1\/auth\/login",status_code="429"\} \d/,
    );
    expect(text).toContain('route="/api/v1/sso/:providerId/start"');
    expect(text).not.toContain(providerId);
    expect(text).toMatch(/^skyvault_outbox_queued \d+$/m);
    expect(text).toMatch(/^skyvault_outbox_oldest_queued_seconds [\d.e+-]+$/m);
    expect(text).toMatch(/^skyvault_outbox_failed \d+$/m);
    expect(text).toMatch(/^skyvault_salesforce_connections\{health="ReauthRequired"\} \d+$/m);
    expect(text).toMatch(/^skyvault_salesforce_connections\{health="unchecked"\} \d+$/m);
    expect(text).toMatch(/^skyvault_db_connections_in_use \d+$/m);
    expect(text).toMatch(/^skyvault_db_connections_waiting \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);

    expect(text).toMatch(/^skyvault_metrics_sample_age_seconds\{source="outbox"\} [\d.e+-]+$/m);
    expect(text).toMatch(
      /^skyvault_metrics_sample_age_seconds\{source="salesforce_connections"\} [\d.e+-]+$/m,
    );
    expect(text).toContain(
      `skyvault_build_info{version="${manifest.version}",commit="unknown",node="${process.version}"} 1`,
    );

    // Not on the API's own port, and nothing else on the metrics port.
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('skyvault_');
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
  });

  it("labels the OAuth server's calls by its route patterns, and every unknown path as one series", async () => {
    const unknown = randomUUID();
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    expect((await get('/oauth/.well-known/openid-configuration')).statusCode).toBe(200);
    expect((await get('/oauth/jwks')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/oauth/token' })).statusCode).toBe(400);
    await get(`/oauth/auth/${unknown}`);
    for (const path of [
      `/oauth/${unknown}`,
      `/.well-known/${unknown}`,
      `/api/v1/${unknown}`,
      `/${unknown}.js`,
    ])
      expect((await get(path)).statusCode).toBe(404);

    const text = await scrape();
    const count = (method: string, route: string, status: number) =>
      seriesValue(
        text,
        `http_request_duration_seconds_count{method="${method}",route="${route}",status_code="${status}"}`,
      );
    expect(count('GET', '/oauth/.well-known/openid-configuration', 200)).toBe(1);
    expect(count('GET', '/oauth/jwks', 200)).toBe(1);
    expect(count('POST', '/oauth/token', 400)).toBe(1);
    expect(text).toContain('route="/oauth/auth/:uid"');
    expect(count('GET', '(unmatched)', 404)).toBeGreaterThanOrEqual(4);
    expect(text).not.toContain('route="/oauth/*"');
    expect(text).not.toContain(unknown);
  });
});

describe('metrics read from the database', () => {
  const database = { connections: () => ({ inUse: 0, waiting: 0 }) } as unknown as Database;
  const backlog = (queued: number) => ({ queued, oldestQueuedSeconds: 7, failed: 1 });
  const never = () => new Promise<never>(() => {});

  it('are read in the background: a scrape never waits on a database that does not answer', async () => {
    let reads = 0;
    const readers = {
      // The first read answers, every later one hangs: a database that went slow.
      outbox: () => (++reads === 1 ? Promise.resolve(backlog(3)) : never()),
      webhooks: never,
      salesforceConnections: never,
    };
    const metrics = createMetrics({ metrics: { port: 0 } }, database, {
      readers,
      schedule: { everyMs: 20, timeoutMs: 50 },
    })!;
    const stop = metrics.startSampling();
    try {
      await new Promise((r) => setTimeout(r, 300));
      const started = Date.now();
      const text = await metrics.registry.metrics();
      expect(Date.now() - started).toBeLessThan(250);
      // The last values read, the oldest e-mail aged since, and how old the read is.
      expect(seriesValue(text, 'skyvault_outbox_queued')).toBe(3);
      expect(seriesValue(text, 'skyvault_outbox_oldest_queued_seconds')).toBeGreaterThan(7.2);
      expect(seriesValue(text, 'skyvault_metrics_sample_age_seconds{source="outbox"}')).toBeGreaterThan(0.2);
      // Never read: the initial values, aged since sampling began.
      expect(seriesValue(text, 'skyvault_webhooks_queued')).toBe(0);
      expect(seriesValue(text, 'skyvault_metrics_sample_age_seconds{source="webhooks"}')).toBeGreaterThan(
        0.2,
      );
      // A read that hangs is not asked again beside itself.
      expect(reads).toBe(2);
    } finally {
      stop();
    }
  });
});
