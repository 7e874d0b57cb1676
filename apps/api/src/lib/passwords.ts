import { availableParallelism } from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { createLimit } from './limit.js';

/** OWASP's argon2id settings: 19 MiB, two passes, one lane. */
// Algorithm is a const enum that isolated modules cannot read; 2 is its Argon2id member.
const OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * At most one argon2 computation a core at a time; the rest wait their turn. Each takes a core and its
 * 19 MiB for its whole length, so more at once than there are cores only makes each one slower while
 * holding more memory, and a burst of sign-ins would take every core from the other requests.
 */
const argon2Turns = createLimit(availableParallelism());

export const hashPassword = (password: string) => argon2Turns(() => hash(password, OPTIONS));

/**
 * A hash of a random password, verified against when the account does not exist, so that an unknown
 * e-mail costs the same time as a wrong password (no timing oracle).
 */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(`unknown-account-${Math.random()}`);
    const known = await dummyHash;
    await argon2Turns(() => verify(known, password)).catch(() => false);
    return false;
  }
  return argon2Turns(() => verify(passwordHash, password)).catch(() => false);
}
