import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { LOG_STREAM_MESSAGES } from '../log-stream-messages.js';
import { isoDateSchema, PLAIN_LINE, stringWith, textRule, uuidSchema } from '../rules/text.js';
import { AUDIT_ACTIONS } from './audit-actions.js';
import { idParamsSchema, totalList } from './list.js';

/**
 * Log streams (Security → Log streams, docs/log-streams.md): a tenant's audit events, sign-ins included,
 * sent in order and at least once to its SIEM (an HTTPS receiver, Splunk's HTTP Event Collector,
 * Datadog's logs intake) or to its own S3 bucket or Azure container, from a durable cursor per stream
 * over the audit trail. Each event follows the published schema (log-stream-event.ts).
 */
export const LOG_STREAM_TYPES = ['https', 'splunk', 'datadog', 'storage'] as const;
export const logStreamTypeSchema = z.enum(LOG_STREAM_TYPES, { error: LOG_STREAM_MESSAGES.typeRequired });
export type LogStreamType = z.infer<typeof logStreamTypeSchema>;

/**
 * active: delivering; retrying: the last batch failed, the next try is due at `nextAttemptAt`; paused:
 * by the tenant; suspended: failing for 24 hours (the administrators were mailed), until resumed.
 */
export const LOG_STREAM_STATES = ['active', 'retrying', 'paused', 'suspended'] as const;
export const logStreamStateSchema = z.enum(LOG_STREAM_STATES);
export type LogStreamState = z.infer<typeof logStreamStateSchema>;

export const MAX_LOG_STREAMS = 10;
/** Events in one batch at most; a batch also leaves once its oldest event waited BATCH_WAIT_MS. */
export const LOG_STREAM_BATCH_SIZE = 100;

/** Hosts of this machine: plain http to them never crosses a network (tests and development only). */
const LOOPBACK_URL = /^http:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?([/?#]|$)/i;

/** An https URL (http only to this machine, which the server refuses unless it may reach local addresses). */
export const logStreamUrlRule = stringWith(LOG_STREAM_MESSAGES.urlRequired)
  .trim()
  .min(1, { error: LOG_STREAM_MESSAGES.urlRequired, abort: true })
  .max(2048, { error: LOG_STREAM_MESSAGES.urlMaxLength, abort: true })
  .check(z.url({ protocol: /^https?$/, error: LOG_STREAM_MESSAGES.urlInvalid, abort: true }))
  .refine((value) => /^https:\/\//i.test(value) || LOOPBACK_URL.test(value), {
    error: LOG_STREAM_MESSAGES.urlInvalid,
    abort: true,
  });

const secretRule = (required: string) =>
  stringWith(required)
    .trim()
    .min(1, { error: required, abort: true })
    .max(512, { error: LOG_STREAM_MESSAGES.secretMaxLength, abort: true });

/** A secret of an edit: empty (or absent) keeps the stored one. */
const keptSecretRule = z
  .string()
  .trim()
  .max(512, { error: LOG_STREAM_MESSAGES.secretMaxLength, abort: true })
  .optional()
  .default('');

const tagRule = z
  .string()
  .trim()
  .max(100, { error: LOG_STREAM_MESSAGES.tagMaxLength, abort: true })
  .regex(/^[A-Za-z0-9._:/-]*$/, { error: LOG_STREAM_MESSAGES.tagPattern, abort: true })
  .optional()
  .default('');

export const logStreamPrefixRule = z
  .string()
  .trim()
  .max(200, { error: LOG_STREAM_MESSAGES.prefixMaxLength, abort: true })
  .regex(/^[A-Za-z0-9._/-]*$/, { error: LOG_STREAM_MESSAGES.prefixPattern, abort: true })
  .optional()
  .default('');

const storageIdRule = stringWith(LOG_STREAM_MESSAGES.storageRequired)
  .trim()
  .min(1, { error: LOG_STREAM_MESSAGES.storageRequired, abort: true })
  .pipe(uuidSchema);

/** The settings of each type, secrets required (a new stream, or a stream changing its type). */
const settingsOf = (secret: 'required' | 'kept') =>
  z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('https'), url: logStreamUrlRule }),
      z.object({
        type: z.literal('splunk'),
        url: logStreamUrlRule,
        token: secret === 'required' ? secretRule(LOG_STREAM_MESSAGES.tokenRequired) : keptSecretRule,
      }),
      z.object({
        type: z.literal('datadog'),
        url: logStreamUrlRule,
        apiKey: secret === 'required' ? secretRule(LOG_STREAM_MESSAGES.apiKeyRequired) : keptSecretRule,
        service: tagRule,
        source: tagRule,
      }),
      z.object({ type: z.literal('storage'), storageId: storageIdRule, prefix: logStreamPrefixRule }),
    ],
    { error: LOG_STREAM_MESSAGES.typeRequired },
  );
export const logStreamSettingsSchema = settingsOf('required');
export type LogStreamSettings = z.output<typeof logStreamSettingsSchema>;
/** An edit's settings: a Splunk token or Datadog key left empty keeps the stored one (same type only). */
export const logStreamSettingsEditSchema = settingsOf('kept');
export type LogStreamSettingsEdit = z.output<typeof logStreamSettingsEditSchema>;

/** The audit actions a stream sends; empty: every event. */
export const logStreamActionsRule = z
  .array(z.enum(AUDIT_ACTIONS))
  .max(AUDIT_ACTIONS.length, { error: LOG_STREAM_MESSAGES.actionsMax })
  .transform((actions) => [...new Set(actions)]);

const nameRule = textRule({ field: 'Name', max: 64, pattern: PLAIN_LINE });

export const logStreamCreateSchema = z.object({
  name: nameRule,
  settings: logStreamSettingsSchema,
  actions: logStreamActionsRule.optional().default([]),
});
export type LogStreamCreate = z.input<typeof logStreamCreateSchema>;

export const logStreamPatchSchema = z
  .object({ name: nameRule, settings: logStreamSettingsEditSchema, actions: logStreamActionsRule })
  .partial();
export type LogStreamPatch = z.input<typeof logStreamPatchSchema>;

/** The forms: a new stream's, and an edit's (secrets may stay empty). */
export const logStreamFormSchema = logStreamCreateSchema;
export type LogStreamForm = z.input<typeof logStreamFormSchema>;
export const logStreamEditFormSchema = z.object({
  name: nameRule,
  settings: logStreamSettingsEditSchema,
  actions: logStreamActionsRule,
});
export type LogStreamEditForm = z.input<typeof logStreamEditFormSchema>;

/** What is shown of a stream's settings: never its secret. */
export const logStreamSettingsViewSchema = z.object({
  url: z.string().nullable(),
  service: z.string().nullable(),
  source: z.string().nullable(),
  storageId: z.string().nullable(),
  prefix: z.string().nullable(),
  /** Whether a Splunk token or Datadog key (or the HTTPS signing secret) is stored. */
  hasSecret: z.boolean(),
});

export const logStreamSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  type: logStreamTypeSchema,
  settings: logStreamSettingsViewSchema,
  actions: z.array(z.string()),
  state: logStreamStateSchema,
  /** Our words for the last failure (never the receiver's body); null after a success. */
  lastError: z.string().nullable(),
  /** The first failure of the current run of failures; null while deliveries succeed. */
  failingSince: isoDateSchema.nullable(),
  /** When a retrying stream tries again; null otherwise. */
  nextAttemptAt: isoDateSchema.nullable(),
  /** The seq of the last event delivered (the stream's cursor over the tenant's audit chain). */
  deliveredSeq: z.number().int(),
  lastDeliveredAt: isoDateSchema.nullable(),
  /** The time of the oldest event not yet delivered; null when the stream is up to date. */
  oldestUndeliveredAt: isoDateSchema.nullable(),
  /** Now minus oldestUndeliveredAt, in seconds; 0 when up to date. */
  lagSeconds: z.number().int(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type LogStream = z.infer<typeof logStreamSchema>;

/** A new HTTPS stream answers its signing secret (`whsec_…`), this once; other types answer null. */
export const createdLogStreamSchema = logStreamSchema.extend({ secret: z.string().nullable() });
export type CreatedLogStream = z.infer<typeof createdLogStreamSchema>;

export const logStreamListSchema = totalList('logStreams', logStreamSchema);
export type LogStreamList = z.infer<typeof logStreamListSchema>;

export const logStreamReplaySchema = z.object({
  from: stringWith(LOG_STREAM_MESSAGES.fromRequired)
    .min(1, { error: LOG_STREAM_MESSAGES.fromRequired, abort: true })
    .pipe(isoDateSchema)
    .refine((value) => Date.parse(value) <= Date.now() + 60_000, { error: LOG_STREAM_MESSAGES.fromFuture }),
});
export type LogStreamReplay = z.input<typeof logStreamReplaySchema>;

const tags = ['Log streams'];

export const logStreamEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/log-streams',
    access: 'admin',
    permission: 'log-streams:read',
    summary: "The tenant's log streams with their state and lag (not paginated: at most 10)",
    tags,
    response: logStreamListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/log-streams/:id',
    access: 'admin',
    permission: 'log-streams:read',
    summary: 'One log stream',
    tags,
    params: idParamsSchema,
    response: logStreamSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v1/log-streams',
    access: 'admin',
    permission: 'log-streams:write',
    // An HTTPS stream's answer holds its signing secret: a lasting credential.
    sessionOnly: true,
    summary:
      'Adds a log stream; it starts with the next audit event. An HTTPS stream answers its signing secret, this once',
    tags,
    body: logStreamCreateSchema,
    response: createdLogStreamSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/log-streams/:id',
    access: 'admin',
    permission: 'log-streams:write',
    summary: "Changes a log stream's name, settings or event types",
    tags,
    params: idParamsSchema,
    body: logStreamPatchSchema,
    response: logStreamSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v1/log-streams/:id',
    access: 'admin',
    permission: 'log-streams:write',
    summary: 'Deletes a log stream',
    tags,
    params: idParamsSchema,
    status: 204,
  }),
  pause: defineEndpoint({
    method: 'POST',
    path: '/api/v1/log-streams/:id/pause',
    access: 'admin',
    permission: 'log-streams:write',
    summary: 'Pauses a log stream: nothing is sent until it is resumed, and nothing is skipped',
    tags,
    params: idParamsSchema,
    response: logStreamSchema,
  }),
  resume: defineEndpoint({
    method: 'POST',
    path: '/api/v1/log-streams/:id/resume',
    access: 'admin',
    permission: 'log-streams:write',
    summary: 'Resumes a paused or suspended log stream where it stopped',
    tags,
    params: idParamsSchema,
    response: logStreamSchema,
  }),
  replay: defineEndpoint({
    method: 'POST',
    path: '/api/v1/log-streams/:id/replay',
    access: 'admin',
    permission: 'log-streams:write',
    summary: 'Sends again every event at or after a point in time (within the audit retention), in order',
    tags,
    params: idParamsSchema,
    body: logStreamReplaySchema,
    response: logStreamSchema,
  }),
} as const;
