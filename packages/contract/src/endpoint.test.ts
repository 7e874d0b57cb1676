import { describe, expect, it } from 'vitest';
import { buildPath, buildSearch } from './endpoint.js';

describe('addresses of calls', () => {
  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(buildPath('/api/v1/groups/:id/users/:userId', { id: 'a b', userId: 7 })).toBe(
      '/api/v1/groups/a%20b/users/7',
    );
    expect(() => buildPath('/api/v1/groups/:id', {})).toThrow('Missing path parameter "id"');
  });

  it('writes a query without its empty values, repeating the key of a list', () => {
    expect(
      buildSearch({ searchText: 'a&b c', limit: 5, offset: undefined, type: '', columns: ['id', 'name'] }),
    ).toBe('?searchText=a%26b%20c&limit=5&columns=id&columns=name');
    expect(buildSearch({ searchText: '' })).toBe('');
    expect(buildSearch(undefined)).toBe('');
  });
});
