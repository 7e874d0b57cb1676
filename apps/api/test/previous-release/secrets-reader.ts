import { createDecipheriv, createHmac } from 'node:crypto';

/**
 * The previous release's reader of sealed secrets, frozen: `openWith` of
 * apps/api/src/platform/secrets/secrets.ts as commit 98748cb shipped it, copied rather than imported,
 * so that a change to today's writer cannot change it too. Whatever this build seals, that release
 * must open: it still serves during a rolling upgrade and after a rollback (README "Upgrades").
 *
 * When a release ships, this becomes that release's reader (copy its rules here): the release after
 * it may then write a form that it reads and this one does not.
 */
const TAG_BYTES = 16;

export interface PreviousReleasePlace {
  scope: string;
  table: string;
  id: string;
  field: string;
}

const associatedData = (at: PreviousReleasePlace) =>
  Buffer.from(JSON.stringify([at.scope, at.table, at.id, at.field]));

function decrypt(k: Buffer, aad: Buffer, parts: { iv: string; tag: string; data: string }) {
  const tag = Buffer.from(parts.tag, 'base64url');
  if (tag.length !== TAG_BYTES) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(parts.iv, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(Buffer.from(parts.data, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** Opens `sealed` as the previous release did with `key` (its SECRETS_KEY or SECRETS_KEY_PREVIOUS), or throws. */
export function openAsPreviousRelease(key: Buffer, at: PreviousReleasePlace, sealed: string): string {
  const [version, iv, tag, data, extra] = sealed.split('.');
  if (!iv || !tag || data === undefined || extra !== undefined) throw new Error('Not a sealed secret');
  if (version === 'v2') return decrypt(key, associatedData(at), { iv, tag, data });
  if (version === 'v1') return decrypt(key, Buffer.from(at.scope), { iv, tag, data });
  throw new Error('Not a sealed secret');
}

/** The previous release's MAC of `value` (stored login codes, known-browser proofs, cookie keys). */
export function macAsPreviousRelease(key: Buffer, value: string): string {
  const macKey = createHmac('sha256', key).update('skyvault:mac').digest();
  return createHmac('sha256', macKey).update(value).digest('base64url');
}
