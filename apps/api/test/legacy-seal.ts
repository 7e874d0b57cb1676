import { createCipheriv, randomBytes } from 'node:crypto';

/** A value as sealing wrote it before v2: AES-256-GCM bound to the tenant (or scope word) only. */
export function sealV1(key: Buffer, scope: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(scope));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}
