import { expect } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/app.js';
import type { Database } from '../../db/client.js';
import type { WebhookSchedule } from '../../platform/webhook-outbox/index.js';
import type { Received } from './webhook-receiver.test-helpers.js';

/** Loopback receivers are allowed here; retries in milliseconds, not seconds. */
export const ENV = { OUTBOUND_PRIVATE_NETWORKS: 'true', WEBHOOK_POLL_MS: '50' };
export const FAST = { firstDelayMs: 50, maxDelayMs: 200 };

/** The API on `database`, with the loopback receivers and fast retries above. */
export const openApp = (
  database: Database,
  env: Record<string, string> = {},
  options: {
    logStream?: NodeJS.WritableStream;
    keepDatabase?: boolean;
    clock?: () => number;
    schedule?: Partial<WebhookSchedule>;
  } = {},
): Promise<TestApp> => {
  const { schedule, ...rest } = options;
  return createTestApp({ ...ENV, ...env }, { ...rest, database, webhookSchedule: { ...FAST, ...schedule } });
};

export const newUser = (email: string) => ({
  method: 'POST' as const,
  url: '/api/v1/users',
  payload: { firstName: 'Hook', lastName: 'Tested', email, password: 'Correct-horse-9-battery' },
});

/** A user made without a password (invited): no password hash to wait for. */
export const invitee = (email: string) => ({
  method: 'POST' as const,
  url: '/api/v1/users',
  payload: { firstName: 'Invited', lastName: 'Tested', email },
});

export async function addWebhook(t: TestApp, cookie: string, url: string, events = ['user.created']) {
  const res = await call(t, { method: 'POST', url: '/api/v1/webhooks', cookie, payload: { url, events } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string; url: string };
}

export const bodyOf = (r: Received) =>
  JSON.parse(r.body) as {
    type: string;
    timestamp: string;
    data: { user: { email: string }; changes?: unknown; [field: string]: unknown };
  };
