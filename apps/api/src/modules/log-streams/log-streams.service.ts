import { randomUUID } from 'node:crypto';
import {
  LOG_STREAM_MESSAGES,
  type LogStream,
  type LogStreamSettings,
  type LogStreamSettingsEdit,
  type logStreamCreateSchema,
  type logStreamPatchSchema,
  MAX_LOG_STREAMS,
} from '@skyvault/contract';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client.js';
import type { Actor, RequestMeta } from '../../lib/context.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { iso, violatesUnique } from '../../lib/sql.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { checkUrlReachable } from '../../platform/outbound/outbound.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';
import { maskWebhookUrl, newWebhookSecret } from '../../platform/webhook-outbox/index.js';
import type { StorageWriter } from '../storages/index.js';
import { sealedLogStreamSecret } from './log-stream-delivery.js';
import * as repo from './log-streams.repository.js';

type StreamInput = z.output<typeof logStreamCreateSchema>;
type StreamChange = z.output<typeof logStreamPatchSchema>;

/** The settings a row keeps (no secret), by type. */
const storedSettings = (settings: LogStreamSettings | LogStreamSettingsEdit): Record<string, string> => {
  switch (settings.type) {
    case 'https':
      return { url: settings.url };
    case 'splunk':
      return { url: settings.url };
    case 'datadog':
      return { url: settings.url, service: settings.service, source: settings.source };
    case 'storage':
      // Slashes at either end add nothing: the file name is `<prefix>/YYYY/…`.
      return { storageId: settings.storageId, prefix: settings.prefix.replace(/^\/+|\/+$/g, '') };
  }
};

/** The secret a type's settings give (a new HTTPS stream's is made here); '' keeps the stored one. */
const givenSecret = (settings: LogStreamSettings | LogStreamSettingsEdit) =>
  settings.type === 'splunk' ? settings.token : settings.type === 'datadog' ? settings.apiKey : '';

/**
 * A stream's URL as answers, the audit trail and the form show it: scheme and host, its path and query
 * hidden (`https://host/…`), as a webhook's. An HTTPS receiver's or a collector's URL may carry a token
 * in its path or query; only the stream's row keeps it whole, and deliveries use that.
 */
const shownSettings = (settings: Record<string, string>) =>
  settings.url ? { ...settings, url: maskWebhookUrl(settings.url) } : settings;

/**
 * The settings an edit stores: a URL sent back as the form showed it (its mask) keeps the stored one,
 * so that changing a stream's name or filter never needs its URL typed again.
 */
const editedSettings = (before: repo.LogStreamRow, settings: LogStreamSettingsEdit) => {
  const stored = storedSettings(settings);
  const kept = before.settings.url;
  if (stored.url && kept && settings.type === before.type && stored.url === maskWebhookUrl(kept))
    return { ...stored, url: kept };
  return stored;
};

/** What the audit trail keeps of a stream: never its secret (only that it changed), its URL masked. */
const audited = (row: repo.LogStreamRow) => ({
  name: row.name,
  type: row.type,
  ...shownSettings(row.settings),
  actions: row.actions,
  state: row.state,
});

/** A stream as the API answers it, with its lag (`oldest`: its oldest undelivered event's time). */
export function toLogStream(row: repo.LogStreamRow, oldest: Date | null, now: number): LogStream {
  const s = shownSettings(row.settings);
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    settings: {
      url: s.url ?? null,
      service: s.service ?? null,
      source: s.source ?? null,
      storageId: s.storageId ?? null,
      prefix: s.prefix ?? null,
      hasSecret: row.secret !== null,
    },
    actions: row.actions,
    state: row.state,
    lastError: row.lastError,
    failingSince: row.failingSince ? iso(row.failingSince) : null,
    nextAttemptAt: row.state === 'retrying' ? iso(row.nextAttemptAt) : null,
    deliveredSeq: row.deliveredSeq,
    lastDeliveredAt: row.lastDeliveredAt ? iso(row.lastDeliveredAt) : null,
    oldestUndeliveredAt: oldest ? iso(oldest) : null,
    lagSeconds: oldest ? Math.max(0, Math.floor((now - oldest.getTime()) / 1000)) : 0,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/**
 * A tenant's log streams, managed by its security administrators: every change in one transaction with
 * its audit event. The secrets (an HTTPS stream's signing secret, made here and answered once; a Splunk
 * token; a Datadog API key) are sealed bound to their row and never answered.
 */
export function createLogStreamService(deps: {
  database: Database;
  secrets: SecretBox;
  storage: StorageWriter;
  outbound: { allowPrivateNetworks: boolean };
  /** Has this process look at the streams at once (a resume, a replay). */
  nudge?: () => void;
  now?: () => number;
}) {
  const { database, secrets } = deps;
  const now = deps.now ?? Date.now;

  const view = async (tx: Tx, row: repo.LogStreamRow) =>
    toLogStream(row, await repo.oldestUndelivered(row.tenantId, tx, row.id), now());

  async function locked(tenantId: string, tx: Tx, id: string) {
    const row = await repo.lockStream(tenantId, tx, id);
    if (!row) throw notFound(LOG_STREAM_MESSAGES.notFound);
    return row;
  }

  /** Refuses what delivery could never reach: a private address, another tenant's or a local storage. */
  async function checkTarget(tenantId: string, tx: Tx, settings: LogStreamSettings | LogStreamSettingsEdit) {
    if (settings.type === 'storage') {
      const kind = await deps.storage.kindOf(tenantId, tx, settings.storageId);
      if (!kind) throw invalidField('settings.storageId', LOG_STREAM_MESSAGES.storageNotFound);
      if (kind === 'Local') throw invalidField('settings.storageId', LOG_STREAM_MESSAGES.storageNotCloud);
      return;
    }
    try {
      await checkUrlReachable(new URL(settings.url), deps.outbound);
    } catch {
      throw invalidField('settings.url', LOG_STREAM_MESSAGES.urlNotAllowed);
    }
  }

  const seal = (tenantId: string, id: string, secret: string) =>
    secrets.seal(sealedLogStreamSecret(tenantId, id), secret);

  /** Writes `run`'s change, answering a name that another stream took as the form's conflict. */
  async function write<T>(tenantId: string, run: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await database.tenant(tenantId, run);
    } catch (error) {
      if (violatesUnique(error, 'log_streams_tenant_name_key'))
        throw conflict(LOG_STREAM_MESSAGES.nameTaken, { name: LOG_STREAM_MESSAGES.nameTaken });
      throw error;
    }
  }

  /** A state change by an administrator (pause, resume): audited as a disable or an enable. */
  async function changeState(actor: Actor, meta: RequestMeta, id: string, to: 'paused' | 'active') {
    const { tenantId } = actor;
    const answer = await database.tenant(tenantId, async (tx) => {
      const before = await locked(tenantId, tx, id);
      if (to === 'paused' && before.state === 'paused') throw conflict(LOG_STREAM_MESSAGES.alreadyPaused);
      if (to === 'active' && before.state !== 'paused' && before.state !== 'suspended')
        throw conflict(LOG_STREAM_MESSAGES.notPaused);
      const at = new Date(now());
      const after = await repo.updateStream(
        tenantId,
        tx,
        id,
        to === 'active'
          ? { state: 'active', attempts: 0, failingSince: null, lastError: null, nextAttemptAt: at }
          : { state: 'paused' },
        at,
      );
      await recordAudit(tx, meta, {
        tenantId,
        actorId: actor.userId,
        action: to === 'active' ? 'enable' : 'disable',
        targetType: 'log-stream',
        targetId: id,
        targetName: after.name,
        before: { state: before.state },
        after: { state: after.state },
      });
      return view(tx, after);
    });
    if (to === 'active') deps.nudge?.();
    return answer;
  }

  return {
    list: (actor: Actor) =>
      database.tenant(actor.tenantId, async (tx) => {
        const rows = await repo.listStreams(actor.tenantId, tx);
        const logStreams = rows.map(({ stream, oldest }) => toLogStream(stream, oldest, now()));
        return { logStreams, total: logStreams.length };
      }),

    get: (actor: Actor, id: string) =>
      database.tenant(actor.tenantId, async (tx) => {
        const row = await repo.findStream(actor.tenantId, tx, id);
        if (!row) throw notFound(LOG_STREAM_MESSAGES.notFound);
        return view(tx, row);
      }),

    /** A new stream starts after the newest event: it sends what happens from now on (replay goes back). */
    async create(actor: Actor, meta: RequestMeta, input: StreamInput) {
      const { tenantId } = actor;
      const id = randomUUID();
      const secret = input.settings.type === 'https' ? newWebhookSecret() : givenSecret(input.settings);
      const created = await write(tenantId, async (tx) => {
        if ((await repo.countStreams(tenantId, tx)) >= MAX_LOG_STREAMS)
          throw conflict(LOG_STREAM_MESSAGES.tooMany);
        if (await repo.nameTaken(tenantId, tx, input.name))
          throw conflict(LOG_STREAM_MESSAGES.nameTaken, { name: LOG_STREAM_MESSAGES.nameTaken });
        await checkTarget(tenantId, tx, input.settings);
        const at = new Date(now());
        const row = await repo.insertStream(tx, {
          tenantId,
          id,
          name: input.name,
          type: input.settings.type,
          settings: storedSettings(input.settings),
          secret: secret ? seal(tenantId, id, secret) : null,
          actions: input.actions,
          deliveredSeq: await repo.headSeq(tenantId, tx),
          nextAttemptAt: at,
          createdAt: at,
          updatedAt: at,
        });
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'create',
          targetType: 'log-stream',
          targetId: id,
          targetName: row.name,
          after: { ...audited(row), ...(secret ? { secret } : {}) },
        });
        return view(tx, row);
      });
      return { ...created, secret: input.settings.type === 'https' ? secret : null };
    },

    async update(actor: Actor, meta: RequestMeta, id: string, input: StreamChange) {
      const { tenantId } = actor;
      return write(tenantId, async (tx) => {
        const before = await locked(tenantId, tx, id);
        if (input.name !== undefined && (await repo.nameTaken(tenantId, tx, input.name, id)))
          throw conflict(LOG_STREAM_MESSAGES.nameTaken, { name: LOG_STREAM_MESSAGES.nameTaken });
        let secret: string | null | undefined;
        if (input.settings) {
          await checkTarget(tenantId, tx, input.settings);
          const given = givenSecret(input.settings);
          const sameType = input.settings.type === before.type;
          if (input.settings.type === 'https') secret = sameType ? undefined : null;
          else if (input.settings.type === 'storage') secret = null;
          else if (given) secret = given;
          else if (!sameType) {
            const field = input.settings.type === 'splunk' ? 'token' : 'apiKey';
            const message =
              field === 'token' ? LOG_STREAM_MESSAGES.tokenRequired : LOG_STREAM_MESSAGES.apiKeyRequired;
            throw invalidField(`settings.${field}`, message);
          }
        }
        // A stream that became HTTPS gets a signing secret; the answer to an edit never holds it, so
        // a change of type to HTTPS is made by a new stream (the form offers no type change).
        if (input.settings?.type === 'https' && before.type !== 'https') secret = newWebhookSecret();
        const after = await repo.updateStream(
          tenantId,
          tx,
          id,
          {
            name: input.name,
            actions: input.actions,
            ...(input.settings
              ? { type: input.settings.type, settings: editedSettings(before, input.settings) }
              : {}),
            ...(secret === null ? { secret: null } : secret ? { secret: seal(tenantId, id, secret) } : {}),
          },
          new Date(now()),
        );
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'update',
          targetType: 'log-stream',
          targetId: id,
          targetName: after.name,
          before: audited(before),
          after: { ...audited(after), ...(secret ? { secret: '[changed]' } : {}) },
        });
        return view(tx, after);
      });
    },

    async remove(actor: Actor, meta: RequestMeta, id: string) {
      const { tenantId } = actor;
      await database.tenant(tenantId, async (tx) => {
        const row = await locked(tenantId, tx, id);
        await repo.deleteStream(tenantId, tx, id);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'delete',
          targetType: 'log-stream',
          targetId: id,
          targetName: row.name,
          before: audited(row),
        });
      });
    },

    pause: (actor: Actor, meta: RequestMeta, id: string) => changeState(actor, meta, id, 'paused'),
    resume: (actor: Actor, meta: RequestMeta, id: string) => changeState(actor, meta, id, 'active'),

    /**
     * Moves the cursor back (or forward) to just before the first event at or after `from`: every event
     * since is sent again, in order. Events the retention removed are gone: it starts at the oldest kept.
     */
    async replay(actor: Actor, meta: RequestMeta, id: string, from: string) {
      const { tenantId } = actor;
      const answer = await database.tenant(tenantId, async (tx) => {
        const before = await locked(tenantId, tx, id);
        const seq = await repo.seqBefore(tenantId, tx, new Date(from));
        const at = new Date(now());
        const after = await repo.updateStream(tenantId, tx, id, { deliveredSeq: seq, nextAttemptAt: at }, at);
        await recordAudit(tx, meta, {
          tenantId,
          actorId: actor.userId,
          action: 'replay-log-stream',
          targetType: 'log-stream',
          targetId: id,
          targetName: after.name,
          before: { deliveredSeq: before.deliveredSeq },
          after: { deliveredSeq: seq, from },
        });
        return view(tx, after);
      });
      deps.nudge?.();
      return answer;
    },
  };
}

export type LogStreamService = ReturnType<typeof createLogStreamService>;
