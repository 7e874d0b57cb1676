import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { desc, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.js';
import { oidcKeys } from '../../db/schema/index.js';
import { sealedAt } from '../../platform/secrets/sealed-at.js';
import type { SecretBox } from '../../platform/secrets/secrets.js';

/** ID tokens are signed with RS256, the algorithm every OpenID Connect client must accept. */
const ALG = 'RS256';

/**
 * How long a retired key stays published: relying parties verify ID tokens (and send them back as
 * id_token_hint at sign-out) well after they were issued.
 */
export const RETIRED_KEY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Serialises the first start of several processes, so that they do not each create a key. */
const KEY_LOCK = 7_310_003;

/**
 * A rotated key is published at once and signs only after this delay (passive, then active, as in
 * Keycloak): longer than the refresh of every API process (OAUTH_KEY_REFRESH) and than the JWKS cache
 * of relying parties, so that none meets a token signed by a key it has not fetched yet.
 */
export const DEFAULT_ACTIVATION_DELAY_MS = 60 * 60 * 1000;

export interface SigningKeyInfo {
  kid: string;
  alg: string;
  createdAt: Date;
  activatesAt: Date;
  retiredAt: Date | null;
}

/** A private JWK as oidc-provider takes it. */
export type PrivateJwk = Record<string, unknown> & { kid: string; alg: string; use: 'sig' };

function newKey(): PrivateJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  return { ...jwk, kid: randomBytes(12).toString('base64url'), alg: ALG, use: 'sig' };
}

async function insertKey(tx: Tx, secrets: SecretBox, activatesAt: Date): Promise<SigningKeyInfo> {
  const jwk = newKey();
  const [row] = await tx
    .insert(oidcKeys)
    .values({
      kid: jwk.kid,
      alg: jwk.alg,
      // Bound to the platform's own scope and the key's row: no other sealed value (a tenant's, a
      // shared storage's, another key's) copied here is taken for this key.
      privateJwk: secrets.seal(sealedAt.signingKey(jwk.kid), JSON.stringify(jwk)),
      activatesAt,
    })
    .returning();
  return infoOf(row!);
}

const infoOf = (row: typeof oidcKeys.$inferSelect): SigningKeyInfo => ({
  kid: row.kid,
  alg: row.alg,
  createdAt: row.createdAt,
  activatesAt: row.activatesAt,
  retiredAt: row.retiredAt,
});

/** Every key, newest first. */
export async function listSigningKeys(database: Database): Promise<SigningKeyInfo[]> {
  const rows = await database.system((tx) => tx.select().from(oidcKeys).orderBy(desc(oidcKeys.createdAt)));
  return rows.map(infoOf);
}

/** What a process publishes and signs with, read from the database. */
export interface SigningKeySet {
  /** The published keys, the signing key first (oidc-provider signs with the first key of an algorithm). */
  keys: PrivateJwk[];
  /** Names the set: a new value means a new key, a retired one gone, or another signing key. */
  version: string;
  /** When the set changes by itself (a published key becomes the signing key), if it will. */
  changesAt: Date | null;
}

/**
 * The keys the authorization server publishes: every key not retired longer than the retention
 * (those waiting for their activation included). The signing key is the newest one whose activation
 * time has passed. Creates the first key, active at once, on the first start.
 */
export async function loadSigningKeys(database: Database, secrets: SecretBox): Promise<SigningKeySet> {
  const rows = await database.system(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
    const current = await tx.select({ kid: oidcKeys.kid }).from(oidcKeys).where(isNull(oidcKeys.retiredAt));
    if (current.length === 0) await insertKey(tx, secrets, new Date());
    const cutoff = new Date(Date.now() - RETIRED_KEY_RETENTION_MS);
    return tx
      .select()
      .from(oidcKeys)
      .where(sql`${oidcKeys.retiredAt} is null or ${oidcKeys.retiredAt} > ${cutoff}`)
      .orderBy(desc(oidcKeys.activatesAt), desc(oidcKeys.createdAt));
  });
  const now = Date.now();
  const signing = rows.find((row) => row.activatesAt.getTime() <= now) ?? rows[rows.length - 1]!;
  const ordered = [signing, ...rows.filter((row) => row !== signing)];
  const pending = rows
    .filter((row) => row.activatesAt.getTime() > now)
    .map((row) => row.activatesAt.getTime());
  return {
    keys: ordered.map(
      (row) => JSON.parse(secrets.open(sealedAt.signingKey(row.kid), row.privateJwk)) as PrivateJwk,
    ),
    version: ordered.map((row) => row.kid).join(' '),
    changesAt: pending.length > 0 ? new Date(Math.min(...pending)) : null,
  };
}

/**
 * The key set of this process, read again from the database at most every `refreshMs` (and at the
 * moment a published key becomes the signing key), so that a rotation reaches every process within
 * that time without a restart.
 */
export function createSigningKeyRing(database: Database, secrets: SecretBox, refreshMs: number) {
  let cached: { set: SigningKeySet; expiresAt: number } | undefined;
  let loading: Promise<SigningKeySet> | undefined;
  return {
    current(): Promise<SigningKeySet> {
      if (cached && Date.now() < cached.expiresAt) return Promise.resolve(cached.set);
      loading ??= loadSigningKeys(database, secrets)
        .then((set) => {
          const expiresAt = Math.min(
            Date.now() + refreshMs,
            set.changesAt?.getTime() ?? Number.POSITIVE_INFINITY,
          );
          cached = { set, expiresAt };
          return set;
        })
        .finally(() => {
          loading = undefined;
        });
      return loading;
    },
  };
}

/**
 * Rotation: a new key is published at once and becomes the signing key after `activationDelayMs`;
 * the keys it replaces retire at that moment (still published for RETIRED_KEY_RETENTION_MS after),
 * and keys retired before that are deleted. Running servers pick it up on their next refresh.
 */
export async function rotateSigningKeys(
  database: Database,
  secrets: SecretBox,
  options: { activationDelayMs?: number } = {},
): Promise<{ created: SigningKeyInfo; retired: number; deleted: number }> {
  return database.system(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK})`);
    const now = new Date();
    const activatesAt = new Date(now.getTime() + (options.activationDelayMs ?? DEFAULT_ACTIVATION_DELAY_MS));
    const retired = await tx
      .update(oidcKeys)
      .set({ retiredAt: activatesAt })
      .where(isNull(oidcKeys.retiredAt))
      .returning({ kid: oidcKeys.kid });
    const deleted = await tx
      .delete(oidcKeys)
      .where(lt(oidcKeys.retiredAt, new Date(now.getTime() - RETIRED_KEY_RETENTION_MS)))
      .returning({ kid: oidcKeys.kid });
    const created = await insertKey(tx, secrets, activatesAt);
    return { created, retired: retired.length, deleted: deleted.length };
  });
}
