import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secrets.js';

describe('SECRETS_KEY rotation', () => {
  const here = { scope: 'tenant-a', table: 'applications', id: 'app-1', field: 'client_secret' };

  it('opens what the previous key sealed, seals with the new one only', () => {
    const previous = randomBytes(32);
    const current = randomBytes(32);
    const sealedBefore = createSecretBox(previous).seal(here, 'before');
    const box = createSecretBox(current, previous);
    expect(box.open(here, sealedBefore)).toBe('before');
    expect(box.isCurrent(here, sealedBefore)).toBe(false);
    const sealedNow = box.seal(here, 'now');
    expect(box.isCurrent(here, sealedNow)).toBe(true);
    expect(createSecretBox(current).open(here, sealedNow)).toBe('now');
    expect(() => createSecretBox(previous).open(here, sealedNow)).toThrow();
    // Without the previous key, its values no longer open.
    expect(() => createSecretBox(current).open(here, sealedBefore)).toThrow();
    // Codes MACed before the rotation still verify during it.
    expect(box.macEquals('login-code:x', createSecretBox(previous).mac('login-code:x'))).toBe(true);
    expect(box.macs('cookie')).toEqual([
      createSecretBox(current).mac('cookie'),
      createSecretBox(previous).mac('cookie'),
    ]);
  });
});
