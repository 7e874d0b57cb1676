import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretsKey } from './secrets.js';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('seals and opens a secret for its tenant', () => {
    const sealed = box.seal('tenant-a', 'client-secret-✓');
    expect(sealed).not.toContain('client-secret');
    expect(box.open('tenant-a', sealed)).toBe('client-secret-✓');
  });

  it('does not open a value copied into another tenant', () => {
    const sealed = box.seal('tenant-a', 'x');
    expect(() => box.open('tenant-b', sealed)).toThrow();
  });

  it('generates a key file readable by its owner only when SECRETS_KEY is unset', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skyvault-key-'));
    const key = loadSecretsKey(undefined, dir);
    expect(key).toHaveLength(32);
    expect(statSync(path.join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
    expect(loadSecretsKey(undefined, dir).equals(key)).toBe(true);
    expect(readFileSync(path.join(dir, 'secrets.key'), 'utf8').trim()).toBe(key.toString('base64'));
  });
});
