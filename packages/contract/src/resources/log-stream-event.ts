import { z } from 'zod';

/**
 * The event a log stream sends (docs/events.md): version 1 of a published schema. A field is only ever
 * added to a version; a change of meaning is a new version (`schema` says which one an event follows).
 * `chain` is the event's place in its tenant's hash chain: a receiver recomputes `hash` with
 * `auditHashInput` (sha256, hex) and checks that each `prevHash` is the hash of the event before it
 * (seq - 1), as `admin audit verify` does.
 */
export const LOG_STREAM_EVENT_SCHEMA_ID = 'skyvault.audit-event/1';

export const logStreamEventSchema = z.object({
  schema: z.literal(LOG_STREAM_EVENT_SCHEMA_ID),
  id: z.string(),
  tenantId: z.string(),
  /** The tenant's order of events: 1, 2, 3 … without gaps (a filtered stream skips some). */
  seq: z.number().int(),
  /** When the event joined its chain: UTC, microseconds, as the hash covers it. */
  time: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable(), name: z.string().nullable() }),
  action: z.string(),
  /** How a sign-in was attempted; null for other events. */
  method: z.string().nullable(),
  target: z.object({ type: z.string(), id: z.string().nullable(), name: z.string().nullable() }),
  outcome: z.enum(['success', 'failure']),
  details: z.object({
    /** {field: {before, after}}, secrets shown as "[secret]". */
    changes: z.record(z.string(), z.unknown()).nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    requestId: z.string().nullable(),
  }),
  chain: z.object({ prevHash: z.string().nullable(), hash: z.string() }),
});
export type LogStreamEvent = z.infer<typeof logStreamEventSchema>;

const nullable = (type: string) => ({ type: [type, 'null'] });

/** The same schema as JSON Schema (draft 2020-12), as docs/events.md publishes it. */
export const LOG_STREAM_EVENT_JSON_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://skyvault.example/schemas/audit-event/1.json',
  title: 'Skyvault audit event, version 1',
  type: 'object',
  additionalProperties: true,
  required: ['schema', 'id', 'tenantId', 'seq', 'time', 'actor', 'action', 'method', 'target', 'outcome'],
  properties: {
    schema: { const: LOG_STREAM_EVENT_SCHEMA_ID },
    id: { type: 'string', format: 'uuid' },
    tenantId: { type: 'string', format: 'uuid' },
    seq: { type: 'integer', minimum: 1 },
    time: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z$' },
    actor: {
      type: 'object',
      required: ['id', 'email', 'name'],
      properties: { id: nullable('string'), email: nullable('string'), name: nullable('string') },
    },
    action: { type: 'string' },
    method: nullable('string'),
    target: {
      type: 'object',
      required: ['type', 'id', 'name'],
      properties: { type: { type: 'string' }, id: nullable('string'), name: nullable('string') },
    },
    outcome: { enum: ['success', 'failure'] },
    details: {
      type: 'object',
      required: ['changes', 'ip', 'userAgent', 'requestId'],
      properties: {
        changes: nullable('object'),
        ip: nullable('string'),
        userAgent: nullable('string'),
        requestId: nullable('string'),
      },
    },
    chain: {
      type: 'object',
      required: ['prevHash', 'hash'],
      properties: {
        prevHash: { type: ['string', 'null'], pattern: '^[0-9a-f]{64}$' },
        hash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
      },
    },
  },
} as const;

/** A string as PostgreSQL's JSON output escapes it (escape_json): what JSON.stringify does too. */
const jsonString = (value: string) => JSON.stringify(value);

/** A string's UTF-8 bytes (the contract has no TextEncoder: it runs in both places). */
function utf8(value: string): number[] {
  const bytes: number[] = [];
  for (const char of value) {
    const c = char.codePointAt(0)!;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return bytes;
}

/** jsonb orders an object's keys by their length in bytes, then byte by byte. */
function jsonbKeyOrder(a: string, b: string): number {
  const x = utf8(a);
  const y = utf8(b);
  if (x.length !== y.length) return x.length - y.length;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

/** A value as PostgreSQL writes a jsonb as text: `{"a": 1, "b": [1, 2]}`, keys in jsonb's order. */
export function jsonbText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return jsonString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jsonbText).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => jsonbKeyOrder(a, b));
  return `{${entries.map(([key, item]) => `${jsonString(key)}: ${jsonbText(item)}`).join(', ')}}`;
}

/**
 * The text whose sha256 (hex) is an event's hash: what the database's skyvault_audit_hash hashes
 * (migration 0014), rebuilt from the event as streamed. json_build_array writes its items with ", ".
 */
export function auditHashInput(event: LogStreamEvent): string {
  const items: unknown[] = [
    'skyvault-audit-v1',
    event.tenantId,
    event.seq,
    event.id,
    event.time,
    event.actor.id,
    event.actor.email,
    event.actor.name,
    event.action,
    event.method,
    event.target.type,
    event.target.id,
    event.target.name,
    event.outcome,
    event.details.changes === null ? null : jsonbText(event.details.changes),
    event.details.ip,
    event.details.userAgent,
    event.details.requestId,
    event.chain.prevHash,
  ];
  return `[${items.map((item) => (item === null ? 'null' : typeof item === 'number' ? String(item) : jsonString(item as string))).join(', ')}]`;
}
