import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { BUILD } from '../build-info.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Mailer } from '../platform/mail/mailer.js';
import { DATABASE_READERS, databaseSamples, type SamplingOptions } from './metrics-database.js';
import { DEFAULT_SAMPLE_SCHEDULE, sampleOnSchedule } from './metrics-samples.js';
import {
  isLimitRefusal,
  routeLabel,
  SIGN_IN_METHODS,
  SIGN_IN_OUTCOMES,
  signInOutcome,
} from './sign-in-outcomes.js';

export const METRICS_PATH = '/metrics';

/** The API's Prometheus series, in a registry of their own (one per app: tests build many). */
export function createMetrics(
  config: Pick<Config, 'metrics'>,
  database: Database,
  { readers = DATABASE_READERS, schedule = DEFAULT_SAMPLE_SCHEDULE }: SamplingOptions = {},
) {
  if (config.metrics.port === undefined) return null;
  const registry = new Registry();
  // Process and runtime series, among them the event-loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });
  const logins = new Counter({
    name: 'skyvault_logins_total',
    help: 'Sign-ins by method (password, e-mail code, single sign-on) and outcome (success, failure, limited)',
    labelNames: ['method', 'outcome'] as const,
    registers: [registry],
  });
  for (const method of SIGN_IN_METHODS)
    for (const outcome of SIGN_IN_OUTCOMES) logins.inc({ method, outcome }, 0);
  const emails = new Counter({
    name: 'skyvault_emails_total',
    help: 'Attempts to hand an e-mail to the mail server (or the demo outbox), by outcome (sent, failed: to be retried or given up)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  emails.inc({ outcome: 'sent' }, 0);
  emails.inc({ outcome: 'failed' }, 0);
  // Read from the database in the background (metrics-samples.ts): a scrape serves the last values.
  const { samples, backlog, census } = databaseSamples(database, readers, schedule);
  const backlogGauge = (
    name: string,
    help: string,
    of: (read: ReturnType<typeof backlog>) => number,
    source: 'outbox' | 'webhooks',
  ) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(of(backlog(source)));
      },
    });
  backlogGauge(
    'skyvault_outbox_queued',
    'E-mails waiting in the outbox to be sent (pending or being sent)',
    (b) => b.queued,
    'outbox',
  );
  backlogGauge(
    'skyvault_outbox_oldest_queued_seconds',
    'Age of the oldest e-mail waiting in the outbox, in seconds (0 when none waits)',
    (b) => b.oldestQueuedSeconds,
    'outbox',
  );
  backlogGauge(
    'skyvault_outbox_failed',
    'E-mails given up after 24 hours of retries (or refused for good), kept 30 days',
    (b) => b.failed,
    'outbox',
  );
  backlogGauge(
    'skyvault_webhooks_queued',
    'Webhook deliveries waiting to be sent (pending or being sent), disabled endpoints included',
    (b) => b.queued,
    'webhooks',
  );
  backlogGauge(
    'skyvault_webhooks_oldest_queued_seconds',
    'Age of the oldest webhook delivery waiting to be sent, in seconds (0 when none waits)',
    (b) => b.oldestQueuedSeconds,
    'webhooks',
  );
  backlogGauge(
    'skyvault_webhooks_failed',
    'Webhook deliveries given up after 24 hours of retries, kept 30 days',
    (b) => b.failed,
    'webhooks',
  );
  new Gauge({
    name: 'skyvault_salesforce_connections',
    help: 'Connected Salesforce connections by the health their last check found (unchecked: none yet)',
    labelNames: ['health'] as const,
    registers: [registry],
    collect() {
      for (const [health, value] of Object.entries(census())) this.set({ health }, value);
    },
  });
  new Gauge({
    name: 'skyvault_metrics_sample_age_seconds',
    help: 'Seconds since the series read from the database were last read, by source (outbox, webhooks, salesforce_connections): they are read in the background, never during a scrape',
    labelNames: ['source'] as const,
    registers: [registry],
    collect() {
      for (const [source, sample] of Object.entries(samples)) this.set({ source }, sample.ageSeconds());
    },
  });
  new Gauge({
    name: 'skyvault_build_info',
    help: 'The running build: its version, the commit it was built from (unknown outside a build from git) and the Node.js version; always 1',
    labelNames: ['version', 'commit', 'node'] as const,
    registers: [registry],
  }).set({ version: BUILD.version, commit: BUILD.commit, node: process.version }, 1);
  new Gauge({
    name: 'skyvault_db_connections_in_use',
    help: 'Database connections running a query or transaction',
    registers: [registry],
    collect() {
      this.set(database.connections?.().inUse ?? 0);
    },
  });
  new Gauge({
    name: 'skyvault_db_connections_waiting',
    help: 'Queries and transactions waiting for a database connection',
    registers: [registry],
    collect() {
      this.set(database.connections?.().waiting ?? 0);
    },
  });
  return {
    registry,
    /** Starts reading the database's series on the schedule; returns the stop. */
    startSampling: () => sampleOnSchedule(Object.values(samples), schedule),
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    logins,
    limitRefusals: new Counter({
      name: 'skyvault_abuse_limit_refusals_total',
      help: 'Requests refused by an abuse limit (login, codes, TOTP, password reset, sign-up, sign-on), by route',
      labelNames: ['route'] as const,
      registers: [registry],
    }),
    emails,
  };
}
export type Metrics = NonNullable<ReturnType<typeof createMetrics>>;

/** The mailer, counting what it sends and what fails; as is without metrics. */
export function countMail(mailer: Mailer, metrics: Metrics | null): Mailer {
  if (!metrics) return mailer;
  return {
    async send(message) {
      try {
        await mailer.send(message);
        metrics.emails.inc({ outcome: 'sent' });
      } catch (error) {
        metrics.emails.inc({ outcome: 'failed' });
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}

/**
 * Times every answer and counts sign-ins and abuse-limit refusals; serves the series on METRICS_PORT,
 * a port of its own, so that they never reach the public side of a proxy.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, { config, metrics }: { config: Config; metrics: Metrics | null }) => {
    const port = config.metrics.port;
    if (!metrics || port === undefined) return;
    app.addHook('onResponse', async (request, reply) => {
      const route = routeLabel(request);
      metrics.requestDuration.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
      const signIn = signInOutcome(request, reply);
      if (signIn) metrics.logins.inc(signIn);
      if (isLimitRefusal(reply)) metrics.limitRefusals.inc({ route });
    });

    const server: Server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== METRICS_PATH) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      metrics.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics could not be collected');
          response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
        },
      );
    });
    let stopSampling = () => {};
    app.addHook('onReady', async () => {
      stopSampling = metrics.startSampling();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, config.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    });
    app.addHook('onClose', async () => {
      stopSampling();
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A scraper's kept-alive connection must not hold the shutdown.
      server.closeAllConnections();
      await closed;
    });
  },
  { name: 'metrics' },
);
