import { mfaDeviceFormSchema, passkeyFormSchema } from '@skyvault/contract';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NAME_BASE, nextFreeName } from './defaultName';

describe('nextFreeName', () => {
  it('proposes number 1 first, then the smallest number left free, whatever the case of the names taken', () => {
    expect(nextFreeName('Authenticator', [])).toBe('Authenticator-1');
    expect(nextFreeName('Authenticator', ['Work-phone'])).toBe('Authenticator-1');
    expect(nextFreeName('Authenticator', ['Authenticator-1', 'AUTHENTICATOR-2'])).toBe('Authenticator-3');
    expect(nextFreeName('Authenticator', ['authenticator-1', 'Authenticator-3'])).toBe('Authenticator-2');
    expect(nextFreeName('Passkey', ['Passkey-1', 'Authenticator-2'])).toBe('Passkey-2');
  });

  it('proposes names the MFA name rules accept as they are', () => {
    for (const base of Object.values(DEFAULT_NAME_BASE)) {
      for (const taken of [[], [`${base}-1`], Array.from({ length: 120 }, (_, i) => `${base}-${i + 1}`)]) {
        const name = nextFreeName(base, taken);
        expect(mfaDeviceFormSchema.safeParse({ name }).success, name).toBe(true);
        expect(passkeyFormSchema.safeParse({ name }).success, name).toBe(true);
      }
    }
  });
});
