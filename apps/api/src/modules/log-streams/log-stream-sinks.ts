import { LOG_STREAM_EVENT_SCHEMA_ID, type LogStreamEvent } from '@skyvault/contract';
import type { OutboundFetch } from '../../platform/outbound/outbound.js';
import { attemptFailure, signatureHeader } from '../../platform/webhook-outbox/index.js';
import type { StorageWriter } from '../storages/index.js';
import type { AuditEventRow, LogStreamRow } from './log-streams.repository.js';

/** An audit event as every sink sends it: the published schema, version 1 (docs/events.md). */
export const toStreamEvent = (row: AuditEventRow): LogStreamEvent => ({
  schema: LOG_STREAM_EVENT_SCHEMA_ID,
  id: row.id,
  tenantId: row.tenantId,
  seq: row.seq,
  time: row.time,
  actor: { id: row.actorId, email: row.actorEmail, name: row.actorName },
  action: row.action,
  method: row.method,
  target: { type: row.targetType, id: row.targetId, name: row.targetName },
  outcome: row.outcome,
  details: {
    changes: (row.changes as Record<string, unknown> | null) ?? null,
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
  },
  chain: { prevHash: row.prevHash, hash: row.hash },
});

/** One batch's request: where, with which headers, and the exact bytes. */
export interface SinkRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The URL with `path` appended, unless it already ends with it. */
const joined = (url: string, path: string) => {
  const base = url.replace(/\/+$/, '');
  return base.endsWith(path) ? base : `${base}${path}`;
};

const epochSeconds = (time: string) => Date.parse(time) / 1000;

/** The HTTPS sink: a JSON array, signed as Standard Webhooks says (webhook-id names the batch). */
export function httpsRequest(
  stream: LogStreamRow,
  secret: string,
  events: LogStreamEvent[],
  nowSeconds: number,
): SinkRequest {
  const body = JSON.stringify(events);
  const id = `${stream.id}.${events[0]!.seq}-${events.at(-1)!.seq}`;
  return {
    url: stream.settings.url!,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(nowSeconds),
      'webhook-signature': signatureHeader([secret], id, nowSeconds, body),
    },
    body,
  };
}

/** Splunk's HTTP Event Collector: one `{time, event, sourcetype}` object after another. */
export const splunkRequest = (
  stream: LogStreamRow,
  token: string,
  events: LogStreamEvent[],
): SinkRequest => ({
  url: joined(stream.settings.url!, '/services/collector/event'),
  headers: { 'content-type': 'application/json', authorization: `Splunk ${token}` },
  body: events
    .map((event) =>
      JSON.stringify({
        time: epochSeconds(event.time),
        source: 'skyvault-console',
        sourcetype: 'skyvault:audit',
        event,
      }),
    )
    .join('\n'),
});

/** Datadog's logs intake (v2): an array of logs, the event as the JSON message Datadog parses. */
export const datadogRequest = (
  stream: LogStreamRow,
  apiKey: string,
  events: LogStreamEvent[],
): SinkRequest => ({
  url: joined(stream.settings.url!, '/api/v2/logs'),
  headers: { 'content-type': 'application/json', 'dd-api-key': apiKey },
  body: JSON.stringify(
    events.map((event) => ({
      ddsource: stream.settings.source || 'skyvault',
      service: stream.settings.service || 'skyvault-console',
      ddtags: `schema:${LOG_STREAM_EVENT_SCHEMA_ID},action:${event.action},outcome:${event.outcome}`,
      hostname: 'skyvault-console',
      message: JSON.stringify(event),
    })),
  ),
});

const two = (n: number) => String(n).padStart(2, '0');

/** A storage batch's name: `<prefix>/YYYY/MM/DD/HHmmss-<first-seq>-<last-seq>.ndjson`, by its first event's time. */
export function storageKey(prefix: string, events: LogStreamEvent[]): string {
  const at = new Date(Date.parse(events[0]!.time));
  const day = `${at.getUTCFullYear()}/${two(at.getUTCMonth() + 1)}/${two(at.getUTCDate())}`;
  const time = `${two(at.getUTCHours())}${two(at.getUTCMinutes())}${two(at.getUTCSeconds())}`;
  const name = `${day}/${time}-${events[0]!.seq}-${events.at(-1)!.seq}.ndjson`;
  return prefix ? `${prefix}/${name}` : name;
}

export const ndjson = (events: LogStreamEvent[]) =>
  events.map((event) => `${JSON.stringify(event)}\n`).join('');

/** Sends one batch; answers null when the sink took it, else our words for why not. */
export async function sendBatch(
  deps: { fetch: OutboundFetch; storage: StorageWriter; nowSeconds: number },
  stream: LogStreamRow,
  secret: string | null,
  events: LogStreamEvent[],
): Promise<string | null> {
  if (stream.type === 'storage') {
    try {
      await deps.storage.write(
        stream.tenantId,
        stream.settings.storageId!,
        storageKey(stream.settings.prefix ?? '', events),
        ndjson(events),
      );
      return null;
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      return `The storage did not take the file${name && name !== 'Error' ? ` (${name})` : ''}.`;
    }
  }
  const request =
    stream.type === 'https'
      ? httpsRequest(stream, secret!, events, deps.nowSeconds)
      : stream.type === 'splunk'
        ? splunkRequest(stream, secret!, events)
        : datadogRequest(stream, secret!, events);
  try {
    const response = await deps.fetch(request.url, {
      method: 'POST',
      headers: { 'user-agent': 'Skyvault-Log-Streams/1', ...request.headers },
      body: request.body,
    });
    return response.status >= 200 && response.status < 300
      ? null
      : `The receiver answered HTTP ${response.status}.`;
  } catch (error) {
    return attemptFailure(error).message;
  }
}
