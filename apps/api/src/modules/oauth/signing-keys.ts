import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { desc, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { oidcKeys } from '../../db/schema/index.js';
import { sealedAt } from '../../lib/sealed-at.js';
import type { SecretBox } from '../../lib/secrets.js';

/** ID tokens are signed with RS256, the algorithm every OpenID Connect client must accept. */
const ALG = 'RS256';

/**
 * How long a retired key stays published: relying parties verify ID tokens (and send them back as
 * id_token_hint at sign-out) well after they were issued.
 */
export const RETIRED_KEY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Serialises the first start of several processes, so that they do not each create a key. */
const KEY_LOCK = 7_310_003;

export interface SigningKeyInfo {
  kid: string;
  alg: string;
  createdAt: Date;
  retiredAt: Date | null;
}

/** A private JWK as oidc-provider takes it. */
export type PrivateJwk = Record<string, unknown> & { kid: string; alg: string; use: 'sig' };

function newKey(): PrivateJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  return { ...jwk, kid: randomBytes(12).toString('base64url'), alg: ALG, use: 'sig' };
}

async function insertKey(tx: Tx, secrets: SecretBox): Promise<SigningKeyInfo> {
  const jwk = newKey();
  const [row] = await tx
    .insert(oidcKeys)
    .values({
      kid: jwk.kid,
      alg: jwk.alg,
      // Bound to the platform's own scope and the key's row: no other sealed value (a tenant's, a
      // shared storage's, another key's) copied here is taken for this key.
      privateJwk: secrets.seal(sealedAt.signingKey(jwk.kid), JSON.stringify(jwk)),
    })
    .returning();
  return { kid: row!.kid, alg: row!.alg, createdAt: row!.createdAt, retiredAt: row!.retiredAt };
}

/** Every key, newest first. */
export function listSigningKeys(database: Database): Promise<SigningKeyInfo[]> {
  return database.system((tx) =>
    tx
      .select({
        kid: oidcKeys.kid,
        alg: oidcKeys.alg,
        createdAt: oidcKeys.createdAt,
        retiredAt: oidcKeys.retiredAt,
      })
      .from(oidcKeys)
      .orderBy(desc(oidcKeys.createdAt)),
  );
}

/**
 * The keys the authorization server publishes, the signing key first (oidc-provider signs with the
 * first key of an algorithm): the newest active key, then older ones still within their retention.
 * Creates the first key on the first start.
 */
export async function loadSigningKeys(database: Database, secrets: SecretBox): Promise<PrivateJwk[]> {
  const rows = await database.system(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
    const active = await tx.select({ kid: oidcKeys.kid }).from(oidcKeys).where(isNull(oidcKeys.retiredAt));
    if (active.length === 0) await insertKey(tx, secrets);
    const cutoff = new Date(Date.now() - RETIRED_KEY_RETENTION_MS);
    return tx
      .select()
      .from(oidcKeys)
      .where(sql`${oidcKeys.retiredAt} is null or ${oidcKeys.retiredAt} > ${cutoff}`)
      .orderBy(sql`${oidcKeys.retiredAt} is not null`, desc(oidcKeys.createdAt));
  });
  return rows.map(
    (row) => JSON.parse(secrets.open(sealedAt.signingKey(row.kid), row.privateJwk)) as PrivateJwk,
  );
}

/**
 * Rotation: a new key becomes the signing key, the previous ones are retired (still published for
 * RETIRED_KEY_RETENTION_MS), and keys retired before that are deleted. Running servers keep the key
 * set they started with: the new key signs from their next start.
 */
export async function rotateSigningKeys(
  database: Database,
  secrets: SecretBox,
): Promise<{ created: SigningKeyInfo; retired: number; deleted: number }> {
  return database.system(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
    const now = new Date();
    const retired = await tx
      .update(oidcKeys)
      .set({ retiredAt: now })
      .where(isNull(oidcKeys.retiredAt))
      .returning({ kid: oidcKeys.kid });
    const deleted = await tx
      .delete(oidcKeys)
      .where(lt(oidcKeys.retiredAt, new Date(now.getTime() - RETIRED_KEY_RETENTION_MS)))
      .returning({ kid: oidcKeys.kid });
    const created = await insertKey(tx, secrets);
    return { created, retired: retired.length, deleted: deleted.length };
  });
}
