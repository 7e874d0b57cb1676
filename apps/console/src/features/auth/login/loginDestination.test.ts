import { describe, expect, it } from 'vitest';
import { loginDestination } from './loginDestination';

describe('where a login goes', () => {
  it('goes to the licenses list without a target', () => {
    expect(loginDestination(null)).toEqual({ kind: 'screen', path: '/licenses' });
  });

  it('honours a console path, with its query', () => {
    expect(loginDestination('/users?page=2')).toEqual({ kind: 'screen', path: '/users?page=2' });
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
  ])('refuses %j', (target) => {
    expect(loginDestination(target)).toEqual({ kind: 'screen', path: '/licenses' });
  });

  it('does not come back to login or sign-up', () => {
    expect(loginDestination('/auth/login?redirectTo=%2Fusers')).toEqual({
      kind: 'screen',
      path: '/licenses',
    });
    expect(loginDestination('/tenants/new')).toEqual({ kind: 'screen', path: '/licenses' });
  });

  it('lets the browser load paths the server handles', () => {
    expect(loginDestination('/oauth/authorize?client_id=abc')).toEqual({
      kind: 'document',
      path: '/oauth/authorize?client_id=abc',
    });
    expect(loginDestination('/api/v1/something')).toEqual({ kind: 'document', path: '/api/v1/something' });
  });
});
