import type { Webhook, WebhookAttempt, WebhookDelivery } from '@skyvault/contract';

export const HOOK_ID = '8b6c7d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e';
/** What an administrator types; the API answers it masked once saved (crmHook.url). */
export const CRM_URL = 'https://hooks.example.com/skyvault';
export const BROKEN_URL = 'https://broken.example.com/in';
export const crmHook: Webhook = {
  id: HOOK_ID,
  url: 'https://hooks.example.com/…',
  description: 'CRM sync',
  events: ['user.created', 'user.deleted'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  previousSecretExpiresAt: null,
  // Local times, so the expected text holds in any time zone.
  createdAt: new Date(2025, 2, 4, 14, 5).toISOString(),
  updatedAt: new Date(2025, 2, 4, 14, 5).toISOString(),
};
export const brokenHook: Webhook = {
  id: '9c7d8e0f-1a2b-4c3d-9e4f-5a6b7c8d9e0f',
  url: 'https://broken.example.com/…',
  description: '',
  events: ['license.expiring'],
  enabled: false,
  disabledReason: 'Disabled after failing for 24 hours.',
  failingSince: new Date(2025, 2, 1, 8, 0).toISOString(),
  previousSecretExpiresAt: null,
  createdAt: new Date(2025, 1, 1, 8, 0).toISOString(),
  updatedAt: new Date(2025, 2, 2, 8, 0).toISOString(),
};

/** Enabled, and failing for a while: not yet disabled. */
export const slowHook: Webhook = {
  ...crmHook,
  id: 'c0d1e2f3-a4b5-4c6d-8e7f-8091a2b3c4d5',
  url: 'https://slow.example.com/',
  description: '',
  events: ['user.created', 'user.updated', 'group.membership_changed'],
  failingSince: new Date(2025, 2, 6, 7, 15).toISOString(),
};

export const failedDelivery: WebhookDelivery = {
  id: 'ad8e9f1a-2b3c-4d4e-8f5a-6b7c8d9e0f1a',
  eventId: 'msg_1',
  eventType: 'user.created',
  status: 'failed',
  attempts: 12,
  responseStatus: 500,
  durationMs: 87,
  lastError: 'HTTP 500',
  createdAt: new Date(2025, 2, 3, 10, 0).toISOString(),
  lastAttemptAt: new Date(2025, 2, 4, 10, 0).toISOString(),
  nextAttemptAt: null,
};
export const pendingDelivery: WebhookDelivery = {
  ...failedDelivery,
  id: 'be9f0a2b-3c4d-4e5f-9a6b-7c8d9e0f1a2b',
  eventId: 'msg_2',
  eventType: 'user.deleted',
  status: 'pending',
  attempts: 0,
  responseStatus: null,
  durationMs: null,
  lastError: null,
  lastAttemptAt: null,
  nextAttemptAt: new Date(2025, 2, 5, 11, 0).toISOString(),
};

/** The failed delivery's first attempts: a 500, a time-out, a refused connection. */
export const failedAttempts: WebhookAttempt[] = [
  {
    attempt: 1,
    attemptedAt: new Date(2025, 2, 3, 10, 0, 5).toISOString(),
    durationMs: 87,
    responseStatus: 500,
    errorKind: null,
    error: 'HTTP 500',
  },
  {
    attempt: 2,
    attemptedAt: new Date(2025, 2, 3, 10, 0, 20).toISOString(),
    durationMs: 10000,
    responseStatus: null,
    errorKind: 'timeout',
    error: 'The server did not answer in time.',
  },
  {
    attempt: 3,
    attemptedAt: new Date(2025, 2, 3, 10, 1, 0).toISOString(),
    durationMs: 2,
    responseStatus: null,
    errorKind: 'connection-refused',
    error: 'The connection was refused.',
  },
];
