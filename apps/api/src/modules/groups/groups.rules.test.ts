import { groupEndpoints } from '@skyvault/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../../../test/api-caller.js';
import { createTenantWithUser, type TestUser, useTestApp } from '../../../test/app.js';
import { createGroup, insertRole } from './groups.test-helpers.js';

const NAME_PATTERN =
  'Name should contain only latin letters in upper or lower case, digits, spaces and "-", "_" symbols';

/** SPEC.md §5 for groups, message by message. */
const CASES: [string, Record<string, unknown>, string, string][] = [
  ['name missing', { name: undefined }, 'name', 'Name is required'],
  ['name blank', { name: '   ' }, 'name', 'Name is required'],
  ['name too short', { name: 'abc' }, 'name', 'Name should have at least 4 symbols'],
  ['name too long', { name: 'a'.repeat(81) }, 'name', 'Name should have less than 80 symbols'],
  ['name with other characters', { name: 'Sales & Co' }, 'name', NAME_PATTERN],
  ['name not Latin', { name: 'Группа' }, 'name', NAME_PATTERN],
  [
    'description too long',
    { description: 'a'.repeat(256) },
    'description',
    'Description should have less than 255 symbols',
  ],
  [
    'description with markup',
    { description: '<b>bold</b>' },
    'description',
    'Description should contain only letters, digits, spaces and punctuation',
  ],
  ['role missing', { roleId: undefined }, 'roleId', 'Role is required'],
  ['role empty', { roleId: '' }, 'roleId', 'Role is required'],
  ['role not an id', { roleId: 'admins' }, 'roleId', 'Invalid identifier'],
];

describe('group validation (SPEC.md §5)', () => {
  let u: TestUser;
  let roleId: string;
  let existing: string;
  const t = useTestApp();
  const api = apiCaller(t);
  beforeAll(async () => {
    u = await createTenantWithUser(t);
    roleId = await insertRole(t, u.tenantId, 'Viewer');
    existing = await createGroup(t, u, { name: 'Existing', roleId });
  });

  it.each(CASES)('answers %s with the spec message', async (_, change, field, message) => {
    const res = await api.call(u, groupEndpoints.create, { body: { name: 'Valid name', roleId, ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: { [field]: message } });
    const given = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
    if (Object.keys(given).length > 0) {
      const edit = await api.call(u, groupEndpoints.update, { params: { id: existing }, body: given });
      expect(edit.json().fields).toEqual({ [field]: message });
    }
  });

  it('takes the bounds themselves: 4 and 80 characters, a 255-character description', async () => {
    for (const name of ['abcd', 'a'.repeat(80)]) {
      const res = await api.call(u, groupEndpoints.create, {
        body: { name, description: 'd'.repeat(255), roleId },
      });
      expect(res.statusCode).toBe(201);
    }
  });
});
