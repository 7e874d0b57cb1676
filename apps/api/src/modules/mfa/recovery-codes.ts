import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { RECOVERY_CODE_COUNT } from '@skyvault/contract';
import { and, count, eq, isNull, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { recoveryCodes } from '../../db/schema/index.js';

const derive = promisify(scrypt) as (code: string, salt: string, length: number) => Promise<Buffer>;

/** Lower-case letters and digits without look-alikes (0/o, 1/l/i): 31 symbols, about 49 bits a code. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HASH_BYTES = 32;

const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
export const newRecoveryCode = () => `${group()}-${group()}`;

const hashOf = async (code: string, salt: string) => derive(code, salt, HASH_BYTES);

const own = (tenantId: string, userId: string) =>
  and(eq(recoveryCodes.tenantId, tenantId), eq(recoveryCodes.userId, userId));

/**
 * A new set for the user, replacing the old one: 10 codes under one random salt, each kept as its
 * scrypt hash. Answers the codes, shown once.
 */
export async function issueRecoveryCodes(tx: Executor, tenantId: string, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const salt = randomBytes(16).toString('base64url');
  const hashes = await Promise.all(codes.map((code) => hashOf(code, salt)));
  await tx.delete(recoveryCodes).where(own(tenantId, userId));
  await tx
    .insert(recoveryCodes)
    .values(hashes.map((hash) => ({ tenantId, userId, salt, codeHash: hash.toString('base64url') })));
  return codes;
}

export async function recoveryCodeCounts(tx: Executor, tenantId: string, userId: string) {
  const [row] = await tx
    .select({
      total: count(),
      remaining: sql<number>`count(*) filter (where ${recoveryCodes.usedAt} is null)`.mapWith(Number),
      createdAt: min(recoveryCodes.createdAt),
    })
    .from(recoveryCodes)
    .where(own(tenantId, userId));
  return { total: row?.total ?? 0, remaining: row?.remaining ?? 0, createdAt: row?.createdAt ?? null };
}

/**
 * Uses one of the user's codes: one scrypt of the attempt under the set's salt, compared with every
 * unused code's hash in constant time; the match is marked used only if no other request used it first.
 * Answers how many are left afterwards, or null when the code is wrong or already used.
 */
export async function useRecoveryCode(
  tx: Executor,
  tenantId: string,
  userId: string,
  code: string,
): Promise<{ remaining: number } | null> {
  const unused = await tx
    .select({ id: recoveryCodes.id, salt: recoveryCodes.salt, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(own(tenantId, userId), isNull(recoveryCodes.usedAt)));
  if (unused.length === 0) return null;
  const attempt = await hashOf(code, unused[0]!.salt);
  let matched: string | undefined;
  for (const row of unused) {
    const stored = Buffer.from(row.codeHash, 'base64url');
    if (stored.length === attempt.length && timingSafeEqual(stored, attempt)) matched = row.id;
  }
  if (!matched) return null;
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(own(tenantId, userId), eq(recoveryCodes.id, matched), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  if (used.length === 0) return null;
  return { remaining: unused.length - 1 };
}

export async function deleteRecoveryCodes(tx: Executor, tenantId: string, userId: string): Promise<number> {
  const deleted = await tx
    .delete(recoveryCodes)
    .where(own(tenantId, userId))
    .returning({ id: recoveryCodes.id });
  return deleted.length;
}
