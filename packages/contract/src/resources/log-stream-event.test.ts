import { describe, expect, it } from 'vitest';
import {
  auditHashInput,
  jsonbText,
  LOG_STREAM_EVENT_JSON_SCHEMA,
  type LogStreamEvent,
  logStreamEventSchema,
} from './log-stream-event.js';

const event: LogStreamEvent = {
  schema: 'skyvault.audit-event/1',
  id: '0f8e4c1a-1111-4222-8333-944455556666',
  tenantId: '4b1c2d3e-1111-4222-8333-944455556666',
  seq: 7,
  time: '2026-11-28T10:00:00.123456Z',
  actor: { id: null, email: null, name: null },
  action: 'failed-sign-in',
  method: 'password',
  target: { type: 'user', id: null, name: 'ann@example.com' },
  outcome: 'failure',
  details: { changes: {}, ip: '203.0.113.7', userAgent: 'Mozilla "5"', requestId: 'r1' },
  chain: { prevHash: null, hash: 'a'.repeat(64) },
};

describe('the streamed audit event, version 1', () => {
  it('names in its JSON Schema every field the zod schema requires', () => {
    expect(logStreamEventSchema.parse(event)).toEqual(event);
    expect(Object.keys(LOG_STREAM_EVENT_JSON_SCHEMA.properties).sort()).toEqual(
      Object.keys(logStreamEventSchema.shape).sort(),
    );
  });

  it('writes jsonb text as PostgreSQL does: keys by length then bytes, ", " and ": "', () => {
    expect(jsonbText({ bb: 1, a: [1, 'x'], ab: { z: null, é: true } })).toBe(
      '{"a": [1, "x"], "ab": {"z": null, "é": true}, "bb": 1}',
    );
    expect(jsonbText({})).toBe('{}');
  });

  it("builds skyvault_audit_hash's input: json_build_array's text", () => {
    expect(auditHashInput(event)).toBe(
      '["skyvault-audit-v1", "4b1c2d3e-1111-4222-8333-944455556666", 7, "0f8e4c1a-1111-4222-8333-944455556666", "2026-11-28T10:00:00.123456Z", null, null, null, "failed-sign-in", "password", "user", null, "ann@example.com", "failure", "{}", "203.0.113.7", "Mozilla \\"5\\"", "r1", null]',
    );
  });
});
