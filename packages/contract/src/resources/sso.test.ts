import { describe, expect, it } from 'vitest';
import { safeRedirectPath, ssoErrorCode, ssoStartPath } from './sso.js';

describe('safeRedirectPath', () => {
  it.each([
    ['/licenses', '/licenses'],
    ['/oauth/authorize?client_id=abc&state=x', '/oauth/authorize?client_id=abc&state=x'],
  ])('keeps the path %s', (input, output) => {
    expect(safeRedirectPath(input)).toBe(output);
  });

  it.each([
    undefined,
    null,
    '',
    'licenses',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
  ])('refuses %j', (input) => {
    expect(safeRedirectPath(input)).toBeUndefined();
  });
});

describe('single sign-on paths and errors', () => {
  it('builds the start path with the id encoded', () => {
    expect(ssoStartPath('a/b')).toBe('/api/v1/sso/a%2Fb/start');
  });

  it('reads unknown error values as SSO_FAILED', () => {
    expect(ssoErrorCode('ACCOUNT_DISABLED')).toBe('ACCOUNT_DISABLED');
    expect(ssoErrorCode('<script>')).toBe('SSO_FAILED');
    expect(ssoErrorCode(null)).toBe('SSO_FAILED');
  });
});
