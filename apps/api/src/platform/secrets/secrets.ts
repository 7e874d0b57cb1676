import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SealedValueError } from './sealed-value-error.js';

/** Every value sealed now is v2; v1 values (bound to their tenant only) are still read. */
const VERSION = 'v2';
const LEGACY_VERSION = 'v1';
/** GCM tags are 16 bytes; a shorter one would make forging a value that much easier. */
const TAG_BYTES = 16;

/**
 * Where a sealed value is stored, and so the only place it opens: the owning tenant's id (or, for
 * rows of no tenant, a word naming the platform's scope), the table, the row and the column.
 */
export interface SealedAt {
  scope: string;
  table: string;
  id: string;
  field: string;
}

/** Associated data that no two places share: JSON keeps the parts apart whatever they contain. */
const associatedData = (at: SealedAt) => Buffer.from(JSON.stringify([at.scope, at.table, at.id, at.field]));

/** Which setting a key came from: the one that seals, and the ones that only open. */
export type KeyRole = 'SECRETS_KEY' | 'SECRETS_KEY_PREVIOUS' | 'SECRETS_KEY_NEXT';

/**
 * A key's name in logs and messages: the first 8 hex digits of its SHA-256. It tells two keys apart,
 * and which one sealed what, without giving anything of the key away.
 */
export const keyFingerprint = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/**
 * Secrets at rest (client secrets, storage keys, tokens): AES-256-GCM, with the place the value is
 * stored as associated data, so that a value copied into another tenant's row, another row of the
 * same tenant or another column does not decrypt. Stored as `v2.<iv>.<tag>.<ciphertext>` in
 * base64url. Values written before v2 were bound to the tenant only (`v1.…`): they still open, and
 * every write seals anew as v2 (`migrate` rewrites the ones no write would reach, reseal.ts).
 *
 * Release rule (expand/contract): `seal` writes only a form that the previous release opens.
 * A new form is first taught to `openWith` in one release, and written from the next release on
 * (previous-release.test.ts holds the previous release's reader and fails otherwise).
 *
 * Keys: `key` (SECRETS_KEY) seals and opens; `previousKey` (SECRETS_KEY_PREVIOUS, the key before a
 * rotation) and `nextKey` (SECRETS_KEY_NEXT, the key a rotation is about to switch to) only open,
 * so that during a rolling change of keys every process opens what any other writes.
 */
export function createSecretBox(key: Buffer, previousKey?: Buffer, nextKey?: Buffer) {
  if (key.length !== 32) throw new Error('SECRETS_KEY must decode to 32 bytes');
  if (previousKey && previousKey.length !== 32)
    throw new Error('SECRETS_KEY_PREVIOUS must decode to 32 bytes');
  if (nextKey && nextKey.length !== 32) throw new Error('SECRETS_KEY_NEXT must decode to 32 bytes');
  const keys: { role: KeyRole; key: Buffer; fingerprint: string }[] = [
    { role: 'SECRETS_KEY' as const, key },
    ...(previousKey ? [{ role: 'SECRETS_KEY_PREVIOUS' as const, key: previousKey }] : []),
    ...(nextKey ? [{ role: 'SECRETS_KEY_NEXT' as const, key: nextKey }] : []),
  ].map((k) => ({ ...k, fingerprint: keyFingerprint(k.key) }));
  // A separate key for MACs, derived so that sealing and MACs never share one.
  const macKeyOf = (k: Buffer) => createHmac('sha256', k).update('skyvault:mac').digest();
  const macKeys = keys.map((k) => macKeyOf(k.key));
  const macWith = (macKey: Buffer, value: string) =>
    createHmac('sha256', macKey).update(value).digest('base64url');
  const mac = (value: string) => macWith(macKeys[0]!, value);

  const decrypt = (k: Buffer, aad: Buffer, parts: { iv: string; tag: string; data: string }) => {
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
  };
  const openWith = (k: Buffer, at: SealedAt, sealed: string): string => {
    const [version, iv, tag, data, extra] = sealed.split('.');
    if (!iv || !tag || data === undefined || extra !== undefined) throw new Error('Not a sealed secret');
    if (version === VERSION) return decrypt(k, associatedData(at), { iv, tag, data });
    if (version === LEGACY_VERSION) return decrypt(k, Buffer.from(at.scope), { iv, tag, data });
    throw new Error('Not a sealed secret');
  };
  const described = keys.map(({ role, fingerprint }) => ({ role, fingerprint }));

  return {
    /** The configured keys by setting and fingerprint (never the keys): for messages and the key check. */
    keys: described,
    /**
     * A keyed hash for short secrets such as 6-digit codes: a plain hash of one would fall to a
     * million guesses offline; this one needs the server's key.
     */
    mac,
    /**
     * The MACs of a value under each configured key, SECRETS_KEY's first (cookie signing keys: the
     * first signs, every one verifies, so a cookie signed by a process of the next phase still counts).
     */
    macs: (value: string) => macKeys.map((macKey) => macWith(macKey, value)),
    /** Whether `expected` is the MAC of `value` under any configured key (one made by a process before or after a rotation). */
    macEquals(value: string, expected: string): boolean {
      const b = Buffer.from(expected);
      return macKeys.some((macKey) => {
        const a = Buffer.from(macWith(macKey, value));
        return a.length === b.length && timingSafeEqual(a, b);
      });
    },
    seal(at: SealedAt, plaintext: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(associatedData(at));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    /**
     * Opens with SECRETS_KEY, else SECRETS_KEY_PREVIOUS (values not yet re-encrypted), else
     * SECRETS_KEY_NEXT (values a process of the rotation's next phase sealed). A value that none
     * opens throws SealedValueError, which names its place and the keys tried.
     */
    open(at: SealedAt, sealed: string): string {
      for (const k of keys) {
        try {
          return openWith(k.key, at, sealed);
        } catch {
          // The next key, if any.
        }
      }
      throw new SealedValueError(at, sealed, described);
    },
    /** Whether a stored value predates the binding to its row and column (reseal.ts). */
    isLegacy: (sealed: string) => sealed.startsWith(`${LEGACY_VERSION}.`),
    /** Whether a value is sealed as v2 with the current key, i.e. needs no re-encryption. */
    isCurrent(at: SealedAt, sealed: string): boolean {
      if (!sealed.startsWith(`${VERSION}.`)) return false;
      try {
        openWith(key, at, sealed);
        return true;
      } catch {
        return false;
      }
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
  if (secretsKey) return decodeKey(secretsKey);
  const file = path.join(dataDir, 'secrets.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

/** A key as SECRETS_KEY gives it: base64 or base64url. */
const decodeKey = (value: string) =>
  Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');

/**
 * The box of the configured keys: SECRETS_KEY (or DATA_DIR/secrets.key) seals; SECRETS_KEY_PREVIOUS
 * and SECRETS_KEY_NEXT only open (README "Rotating SECRETS_KEY").
 */
export function openSecretBox(config: {
  secretsKey?: string;
  secretsKeyPrevious?: string;
  secretsKeyNext?: string;
  dataDir: string;
}) {
  return createSecretBox(
    loadSecretsKey(config.secretsKey, config.dataDir),
    config.secretsKeyPrevious ? decodeKey(config.secretsKeyPrevious) : undefined,
    config.secretsKeyNext ? decodeKey(config.secretsKeyNext) : undefined,
  );
}
