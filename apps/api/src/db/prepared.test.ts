import { describe, expect, it } from 'vitest';
import { statementName } from './prepared.js';

describe('statementName', () => {
  it('keeps a name PostgreSQL takes whole', () => {
    expect(statementName('users_list_by_all')).toBe('users_list_by_all');
    expect(statementName('x'.repeat(63))).toBe('x'.repeat(63));
  });

  it('keeps two long names that begin alike apart, each within 63 bytes', () => {
    const shape = 'users_list_by_all_status_group_admin_enrolled_updatedAt_DESC_offset_11';
    const a = statementName(shape);
    const b = statementName(`${shape}_count`);
    expect(Buffer.byteLength(a)).toBeLessThanOrEqual(63);
    expect(Buffer.byteLength(b)).toBeLessThanOrEqual(63);
    expect(a).not.toBe(b);
    // The same shape always gets the same name: a statement is prepared once per connection.
    expect(statementName(shape)).toBe(a);
  });
});
