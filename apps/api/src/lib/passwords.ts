import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id settings: 19 MiB, two passes, one lane. */
// Algorithm is a const enum that isolated modules cannot read; 2 is its Argon2id member.
const OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

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
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
