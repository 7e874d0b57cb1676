/** A tenant's webhook endpoints and their delivery logs (the sending is platform/webhook-outbox). */
export { disabledEndpointNotice } from './disabled-notice.js';
export { sendLicenseReminders } from './license-reminders.js';
export { webhookRoutes } from './webhooks.routes.js';
export { createWebhookService, type WebhookService } from './webhooks.service.js';
