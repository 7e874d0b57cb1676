/** The webhook outbox: deliveries written in the change's transaction, sent by every process's dispatcher. */

export { attemptFailure } from './attempt-errors.js';
export {
  createWebhookDispatcher,
  DEFAULT_WEBHOOK_SCHEDULE,
  DISABLED_FOR_FAILING,
  type EndpointDisabled,
  sealedPreviousWebhookSecret,
  sealedWebhookSecret,
  type WebhookDispatcher,
  type WebhookSchedule,
} from './dispatcher.js';
export { endpointTarget, maskWebhookUrl, sealedWebhookUrl, storedUrl } from './endpoint-url.js';
export {
  enqueueConnectionTokenInvalid,
  enqueueLicenseNotice,
  enqueueStorageUnhealthy,
  enqueueWebhookEvent,
  enqueueWebhooksForAudit,
  newEventId,
} from './enqueue.js';
export { type AuditedChange, type WebhookActor, type WebhookEvent, webhookEventsOf } from './events.js';
export { newWebhookSecret, signatureHeader, signWebhook } from './signing.js';
export {
  purgeSettledDeliveries,
  readBacklog as readWebhookBacklog,
} from './webhook-outbox.repository.js';

/**
 * The delivery log keeps delivered events a week and given-up ones a month (to be looked into); their
 * attempts go with them.
 */
export const WEBHOOK_RETENTION = { deliveredMs: 7 * 24 * 3600 * 1000, failedMs: 30 * 24 * 3600 * 1000 };
