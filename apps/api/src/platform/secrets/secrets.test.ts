import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sealV1 } from '../../../test/legacy-seal.js';
import { createSecretBox, loadSecretsKey } from './secrets.js';

/** The same value with its GCM tag cut to `bytes`. */
function withTagOf(sealed: string, bytes: number): string {
  const [version, iv, tag, data] = sealed.split('.');
  return [version, iv, Buffer.from(tag!, 'base64url').subarray(0, bytes).toString('base64url'), data].join(
    '.',
  );
}

describe('secret box', () => {
  const key = randomBytes(32);
  const box = createSecretBox(key);
  const here = { scope: 'tenant-a', table: 'applications', id: 'app-1', field: 'client_secret' };

  it('seals and opens a secret where it is stored', () => {
    const sealed = box.seal(here, 'client-secret-✓');
    expect(sealed).toMatch(/^v2\./);
    expect(sealed).not.toContain('client-secret');
    expect(box.open(here, sealed)).toBe('client-secret-✓');
  });

  it('does not open a value copied into another tenant, table, row or column', () => {
    const sealed = box.seal(here, 'x');
    for (const elsewhere of [
      { ...here, scope: 'tenant-b' },
      { ...here, table: 'identity_providers' },
      { ...here, id: 'app-2' },
      { ...here, field: 'secret' },
      // The parts are kept apart: moving a character from one to the next is another place.
      { ...here, table: 'applications_', id: 'pp-1' },
    ]) {
      expect(() => box.open(elsewhere, sealed)).toThrow();
    }
  });

  it('refuses a value whose authentication tag was cut short', () => {
    const sealed = box.seal(here, 'x');
    for (const bytes of [4, 8, 12, 15]) expect(() => box.open(here, withTagOf(sealed, bytes))).toThrow();
    const legacy = sealV1(key, 'tenant-a', 'x');
    expect(() => box.open(here, withTagOf(legacy, 12))).toThrow();
  });

  it('still opens a value sealed for its tenant only, in that tenant only', () => {
    const legacy = sealV1(key, 'tenant-a', 'client-secret-✓');
    expect(box.isLegacy(legacy)).toBe(true);
    expect(box.open(here, legacy)).toBe('client-secret-✓');
    expect(() => box.open({ ...here, scope: 'tenant-b' }, legacy)).toThrow();
    expect(box.isLegacy(box.seal(here, 'x'))).toBe(false);
  });

  it('refuses values of another form', () => {
    const sealed = box.seal(here, 'x');
    for (const value of [
      '',
      'x',
      sealed.replace(/^v2/, 'v3'),
      `${sealed}.extra`,
      sealed.split('.').slice(0, 3).join('.'),
    ]) {
      expect(() => box.open(here, value)).toThrow();
    }
  });

  it('generates a key file readable by its owner only when SECRETS_KEY is unset', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skyvault-key-'));
    const key = loadSecretsKey(undefined, dir);
    expect(key).toHaveLength(32);
    expect(statSync(path.join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
    expect(loadSecretsKey(undefined, dir).equals(key)).toBe(true);
    expect(readFileSync(path.join(dir, 'secrets.key'), 'utf8').trim()).toBe(key.toString('base64'));
    rmSync(dir, { recursive: true, force: true });
  });
});
