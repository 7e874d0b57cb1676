import { MFA_POLICY_MESSAGES, type PasskeyCredentialResponse } from '@skyvault/contract';
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { webauthnChallenges } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

/** 'register-stepped-up': a registration's, handed out after the step-up of a user who has a factor. */
export type ChallengePurpose = 'register' | 'register-stepped-up' | 'second-factor' | 'passwordless';
type Owner = { tenantId: string; userId: string } | null;

const CHALLENGE_TTL_MS = 5 * 60_000;

export const challengeExpired = () =>
  new AppError('BAD_REQUEST', MFA_POLICY_MESSAGES.passkeyChallengeExpired);

/** Keeps a challenge just handed out, for 5 minutes (owner connection: a passwordless one has no tenant). */
export const storeChallenge = (
  database: Database,
  challenge: string,
  purpose: ChallengePurpose,
  owner: Owner,
) =>
  database.system(async (tx) => {
    await tx.insert(webauthnChallenges).values({
      challenge,
      purpose,
      tenantId: owner?.tenantId ?? null,
      userId: owner?.userId ?? null,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
  });

/** The challenge the browser signed, as its clientDataJSON says (verified against the stored one after). */
export function challengeOf(response: PasskeyCredentialResponse): string {
  try {
    const clientData = JSON.parse(
      Buffer.from(String(response.response.clientDataJSON ?? ''), 'base64url').toString(),
    );
    if (typeof clientData?.challenge === 'string' && clientData.challenge.length > 0)
      return clientData.challenge;
  } catch {
    // A malformed answer is refused below like an unknown challenge.
  }
  throw challengeExpired();
}

/**
 * Takes the answer's challenge: deleted as it is read, so it serves once, across processes. An unknown,
 * expired or already used one, or one issued to someone else, is refused.
 */
export async function takeChallenge(
  database: Database,
  response: PasskeyCredentialResponse,
  purpose: ChallengePurpose,
  owner: Owner,
): Promise<string> {
  return (await take(database, response, [purpose], owner)).challenge;
}

/** A registration's challenge, taken like any (above), and whether it was handed out after a step-up. */
export async function takeRegistrationChallenge(
  database: Database,
  response: PasskeyCredentialResponse,
  owner: NonNullable<Owner>,
): Promise<{ challenge: string; steppedUp: boolean }> {
  const taken = await take(database, response, ['register', 'register-stepped-up'], owner);
  return { challenge: taken.challenge, steppedUp: taken.purpose === 'register-stepped-up' };
}

async function take(
  database: Database,
  response: PasskeyCredentialResponse,
  purposes: ChallengePurpose[],
  owner: Owner,
) {
  const challenge = challengeOf(response);
  const taken = await database.system((tx) =>
    tx
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          inArray(webauthnChallenges.purpose, purposes),
          gt(webauthnChallenges.expiresAt, sql`now()`),
          owner ? eq(webauthnChallenges.tenantId, owner.tenantId) : isNull(webauthnChallenges.tenantId),
          owner ? eq(webauthnChallenges.userId, owner.userId) : isNull(webauthnChallenges.userId),
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge, purpose: webauthnChallenges.purpose }),
  );
  const [row] = taken;
  if (!row) throw challengeExpired();
  return row;
}

/** Housekeeping: challenges nobody answered. */
export const purgeExpiredChallenges = (database: Database) =>
  database.system(async (tx) => {
    const rows = await tx
      .delete(webauthnChallenges)
      .where(lte(webauthnChallenges.expiresAt, sql`now()`))
      .returning({ challenge: webauthnChallenges.challenge });
    return rows.length;
  });
