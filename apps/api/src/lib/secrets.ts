import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';

/**
 * Secrets at rest (client secrets, storage keys, tokens): AES-256-GCM, with the tenant id as
 * associated data so that a value copied into another tenant's row does not decrypt.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new Error('SECRETS_KEY must decode to 32 bytes');
  // A separate key for MACs, derived so that sealing and MACs never share one.
  const macKey = createHmac('sha256', key).update('skyvault:mac').digest();
  const mac = (value: string) => createHmac('sha256', macKey).update(value).digest('base64url');
  return {
    /**
     * A keyed hash for short secrets such as 6-digit codes: a plain hash of one would fall to a
     * million guesses offline; this one needs the server's key.
     */
    mac,
    macEquals(value: string, expected: string): boolean {
      const a = Buffer.from(mac(value));
      const b = Buffer.from(expected);
      return a.length === b.length && timingSafeEqual(a, b);
    },
    seal(tenantId: string, plaintext: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(tenantId));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(tenantId: string, sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(tenantId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;

/**
 * The key from SECRETS_KEY, or — for the embedded database — one generated on first start into
 * DATA_DIR/secrets.key (readable by the owner only). Several API processes on one PostgreSQL must
 * share one SECRETS_KEY.
 */
export function loadSecretsKey(secretsKey: string | undefined, dataDir: string): Buffer {
  if (secretsKey)
    return Buffer.from(
      secretsKey,
      secretsKey.includes('-') || secretsKey.includes('_') ? 'base64url' : 'base64',
    );
  const file = path.join(dataDir, 'secrets.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}
