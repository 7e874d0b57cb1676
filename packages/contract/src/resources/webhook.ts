import { z } from 'zod';
import { WEBHOOK_MESSAGES } from '../automation-messages.js';
import { defineEndpoint } from '../endpoint.js';
import { MESSAGES } from '../messages.js';
import { emptyOr, isoDateSchema, PLAIN_TEXT, stringWith, uuidSchema } from '../rules/text.js';
import { idParamsSchema, limitSchema, offsetSchema, totalList } from './list.js';

/**
 * Webhooks (ours, beyond the spec): a tenant's endpoints are told about changes, each request signed as
 * the Standard Webhooks specification says. Deliveries come from a durable queue written in the
 * change's transaction, retried with backoff for 24 hours; an endpoint failing that long is disabled.
 */
export const WEBHOOK_EVENT_TYPES = [
  'user.created',
  'user.updated',
  'user.disabled',
  'user.deleted',
  'group.membership_changed',
  'role.permissions_changed',
  'connection.token_invalid',
  'storage.unhealthy',
  'license.expiring',
  'license.expired',
  'security.ip_range_changed',
  'approval.requested',
  'approval.decided',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
/**
 * The type of the event "Send test event" sends: to the one endpoint asked, whatever it subscribes to,
 * so it is not among the types an endpoint chooses.
 */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** A URL as list and get show it (maskWebhookUrl on the server): scheme, host and "/…". */
const MASKED_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]+\/(…|%E2%80%A6)$/i;

/** Hosts of this machine: plain http to them never crosses a network (tests and development only). */
const LOOPBACK_URL = /^http:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?([/?#]|$)/i;

/**
 * An absolute https URL (http only to this machine, which the server in turn refuses unless it may
 * reach local addresses); the server's outbound guard also refuses private networks when it sends.
 */
export const webhookUrlRule = stringWith(WEBHOOK_MESSAGES.urlRequired)
  .trim()
  .min(1, { error: WEBHOOK_MESSAGES.urlRequired, abort: true })
  .max(2048, { error: WEBHOOK_MESSAGES.urlMaxLength, abort: true })
  .check(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.urlInvalid, abort: true }))
  .refine((value) => /^https:\/\//i.test(value) || LOOPBACK_URL.test(value), {
    error: WEBHOOK_MESSAGES.urlInvalid,
    abort: true,
  })
  // The masked form that list and get answer: sent back as it is, it would replace the real address.
  .refine((value) => !MASKED_URL.test(value), { error: WEBHOOK_MESSAGES.urlMasked, abort: true });

export const webhookDescriptionRule = z
  .string()
  .trim()
  .max(255, { error: WEBHOOK_MESSAGES.descriptionMaxLength, abort: true })
  .regex(PLAIN_TEXT, { error: MESSAGES.descriptionPattern, abort: true });

export const webhookEventsRule = z
  .array(webhookEventTypeSchema, { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, { error: WEBHOOK_MESSAGES.eventsRequired })
  .max(WEBHOOK_EVENT_TYPES.length)
  // One of each: a repeated type would send nothing twice, so it is folded away.
  .transform((events) => [...new Set(events)]);

export const webhookSchema = z.object({
  id: uuidSchema,
  /**
   * Masked once created: the scheme and host, then "/…" when there is a path or query (which may carry
   * a token). Only the create answer holds the whole URL; a change of URL types it whole again.
   */
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why the endpoint stopped on its own (failing for 24 hours); null while an administrator's choice holds. */
  disabledReason: z.string().nullable(),
  /** The first failure of the current run of failures; null while deliveries succeed. */
  failingSince: isoDateSchema.nullable(),
  /** After a rotation: until when the previous signing secret still signs too; null otherwise. */
  previousSecretExpiresAt: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to a create: the whole URL and the signing secret (`whsec_` and base64), this once. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

/** The answer to a rotation: the new signing secret, this once (the URL stays masked). */
export const rotatedWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type RotatedWebhook = z.infer<typeof rotatedWebhookSchema>;

export const webhookCreateSchema = z.object({
  url: webhookUrlRule,
  description: webhookDescriptionRule.optional().default(''),
  events: webhookEventsRule,
});
export type WebhookCreate = z.input<typeof webhookCreateSchema>;
export const webhookFormSchema = z.object({
  url: webhookUrlRule,
  description: webhookDescriptionRule,
  events: webhookEventsRule,
});
export type WebhookForm = z.input<typeof webhookFormSchema>;
/** The edit form: the URL stays empty (kept as it is) unless the whole new one is typed. */
export const webhookEditFormSchema = webhookFormSchema.extend({ url: emptyOr(webhookUrlRule) });
export type WebhookEditForm = z.input<typeof webhookEditFormSchema>;

/** PATCH: any field; enabling an endpoint that was disabled for failing starts it afresh. */
export const webhookPatchSchema = z
  .object({
    url: webhookUrlRule,
    description: webhookDescriptionRule,
    events: webhookEventsRule,
    enabled: z.boolean(),
  })
  .partial();
export type WebhookPatch = z.input<typeof webhookPatchSchema>;

export const webhookListSchema = totalList('webhooks', webhookSchema);
export type WebhookList = z.infer<typeof webhookListSchema>;
export const MAX_WEBHOOKS = 20;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export const webhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

/** One event sent (or to be sent) to one endpoint. */
export const webhookDeliverySchema = z.object({
  id: uuidSchema,
  /** The `webhook-id` header: the same on every attempt and on a resend, so receivers can drop repeats. */
  eventId: z.string(),
  eventType: z.string(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** The HTTP status of the last attempt; null when none answered (time-out, refused connection). */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: isoDateSchema,
  lastAttemptAt: isoDateSchema.nullable(),
  nextAttemptAt: isoDateSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListQuerySchema = z.object({ limit: limitSchema, offset: offsetSchema });
export type WebhookDeliveryListQuery = z.input<typeof webhookDeliveryListQuerySchema>;
export const webhookDeliveryListSchema = totalList('deliveries', webhookDeliverySchema);
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
export const webhookDeliveryParamsSchema = z.object({ id: uuidSchema, deliveryId: uuidSchema });

/** Why an attempt got no HTTP answer (null when the receiver answered, whatever its status). */
export const WEBHOOK_ATTEMPT_ERRORS = [
  'timeout',
  'connection-refused',
  'tls',
  'dns',
  'address-refused',
  'too-large',
  'network',
  'sealed-value',
] as const;
export const webhookAttemptErrorSchema = z.enum(WEBHOOK_ATTEMPT_ERRORS);
export type WebhookAttemptError = z.infer<typeof webhookAttemptErrorSchema>;

/** One attempt of a delivery: when, how long, and the receiver's status or why none came. */
export const webhookAttemptSchema = z.object({
  /** 1 for the first attempt. */
  attempt: z.number().int(),
  attemptedAt: isoDateSchema,
  durationMs: z.number().int(),
  responseStatus: z.number().int().nullable(),
  errorKind: webhookAttemptErrorSchema.nullable(),
  /** Our words for the failure (never the receiver's body). */
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;
/** A delivery's attempts, first first (a delivery has at most a few dozen: retries stop after 24 hours). */
export const webhookAttemptListSchema = z.object({ attempts: z.array(webhookAttemptSchema) });
export type WebhookAttemptList = z.infer<typeof webhookAttemptListSchema>;

const tags = ['Webhooks'];

/**
 * Administrators only (a session or an `admin` token, except where `sessionOnly`); the signing secret is
 * answered at creation and at a rotation only, the whole URL at creation only.
 */
export const webhookEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/webhooks',
    access: 'admin',
    permission: 'webhooks:read',
    summary: "The tenant's webhook endpoints (not paginated)",
    tags,
    response: webhookListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/webhooks/:id',
    access: 'admin',
    permission: 'webhooks:read',
    summary: 'One webhook endpoint',
    tags,
    params: idParamsSchema,
    response: webhookSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/webhooks',
    access: 'admin',
    permission: 'webhooks:write',
    sessionOnly: true,
    summary: 'Adds a webhook endpoint; the answer holds its signing secret, shown this once',
    tags,
    body: webhookCreateSchema,
    response: createdWebhookSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/webhooks/:id',
    access: 'admin',
    permission: 'webhooks:write',
    summary: 'Changes a webhook endpoint, or enables or disables it',
    tags,
    params: idParamsSchema,
    body: webhookPatchSchema,
    response: webhookSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/webhooks/:id',
    access: 'admin',
    permission: 'webhooks:write',
    summary: 'Deletes a webhook endpoint and what waits to be sent to it',
    tags,
    params: idParamsSchema,
    status: 204,
  }),
  deliveries: defineEndpoint({
    method: 'GET',
    path: '/api/v1/webhooks/:id/deliveries',
    access: 'admin',
    permission: 'webhooks:read',
    summary: "An endpoint's deliveries, newest first",
    tags,
    params: idParamsSchema,
    query: webhookDeliveryListQuerySchema,
    response: webhookDeliveryListSchema,
  }),
  attempts: defineEndpoint({
    method: 'GET',
    path: '/api/v1/webhooks/:id/deliveries/:deliveryId/attempts',
    access: 'admin',
    permission: 'webhooks:read',
    summary: "A delivery's attempts, first first: time, duration, status or error kind",
    tags,
    params: webhookDeliveryParamsSchema,
    response: webhookAttemptListSchema,
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/api/v1/webhooks/:id/deliveries/:deliveryId/resend',
    access: 'admin',
    permission: 'webhooks:write',
    summary: 'Sends a delivered or failed event again (same webhook-id)',
    tags,
    params: webhookDeliveryParamsSchema,
    response: webhookDeliverySchema,
    status: 202,
  }),
  sendTest: defineEndpoint({
    method: 'POST',
    path: '/api/v1/webhooks/:id/test',
    access: 'admin',
    permission: 'webhooks:write',
    summary:
      'Sends a signed `webhook.test` event to the endpoint at once and answers its delivery, attempted once: the status the receiver answered, or the error',
    tags,
    params: idParamsSchema,
    response: webhookDeliverySchema,
  }),
  rotateSecret: defineEndpoint({
    method: 'POST',
    path: '/api/v1/webhooks/:id/rotate-secret',
    access: 'admin',
    permission: 'webhooks:write',
    // A signing secret is a lasting credential: a leaked token must not be able to learn a new one.
    sessionOnly: true,
    summary:
      'Makes a new signing secret, shown this once; the previous one keeps signing beside it for 24 hours',
    tags,
    params: idParamsSchema,
    response: rotatedWebhookSchema,
  }),
} as const;
