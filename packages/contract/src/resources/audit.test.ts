import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { auditCursorQuerySchema, auditListQuerySchema, encodeAuditCursor } from './audit.js';
import { AUDIT_ACTION_GROUPS, AUDIT_ACTIONS } from './audit-actions.js';

describe('audit trail query', () => {
  it('passes a page position on as text and reads it back', () => {
    for (const seq of [1, 9, 42, 123_456, 999_999_999_999_999]) {
      expect(auditCursorQuerySchema.parse(encodeAuditCursor(seq))).toBe(seq);
    }
  });

  it.each(['', '!!', '0', '-1', '1.5', '01', ' 7', '1e3', `${'9'.repeat(41)}`, '<b>1</b>'])(
    'refuses the cursor %j',
    (cursor) => {
      const result = auditCursorQuerySchema.safeParse(cursor);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.invalidCursor);
    },
  );

  it('takes the defaults and the filters a console sends', () => {
    expect(auditListQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(
      auditListQuerySchema.parse({
        actor: ' Ada@Example.com ',
        from: '2026-01-01T00:00:00Z',
        to: '2026-01-01T12:00:00+02:00',
        outcome: 'failure',
        limit: '200',
        cursor: encodeAuditCursor(7),
      }),
    ).toEqual({
      actor: 'ada@example.com',
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-01T12:00:00+02:00',
      outcome: 'failure',
      limit: 200,
      cursor: 7,
    });
  });

  it('takes every action the trail records, and no other', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    expect(AUDIT_ACTIONS.length).toBe(Object.values(AUDIT_ACTION_GROUPS).flat().length);
    for (const action of AUDIT_ACTIONS) {
      expect(auditListQuerySchema.parse({ action }).action).toBe(action);
    }
    expect(auditListQuerySchema.parse({ action: ' sign-in ' }).action).toBe('sign-in');
    expect(auditListQuerySchema.parse({ action: '' }).action).toBe('');
    for (const action of ['Update', 'renamed', 'update group', 'operator:']) {
      const result = auditListQuerySchema.safeParse({ action });
      expect(result.error?.issues[0]).toMatchObject({
        path: ['action'],
        message: MESSAGES.auditActionInvalid,
      });
    }
  });
});
