import type { Tx } from '../../db/client.js';
import { liftEnrolmentRestriction } from '../sessions/index.js';
import * as repo from './mfa.repository.js';
import { issueRecoveryCodes, recoveryCodeCounts } from './recovery-codes.js';

/**
 * Called in the transaction that enables a user's factor (a TOTP device confirmed, a passkey registered):
 * when the user had no recovery codes, issues a set and answers it (shown once); and ends the enrolment
 * restriction of the user's sessions. Answers undefined when the user already had codes.
 */
export async function firstFactorEnrolled(
  tx: Tx,
  tenantId: string,
  userId: string,
): Promise<string[] | undefined> {
  await liftEnrolmentRestriction(tx, tenantId, userId);
  const { total } = await recoveryCodeCounts(tx, tenantId, userId);
  if (total > 0) return undefined;
  return issueRecoveryCodes(tx, tenantId, userId);
}

/** Whether the user has an enabled authenticator, in the caller's transaction (asked by passkeys). */
export const hasEnabledDevice = (tx: Tx, tenantId: string, userId: string): Promise<boolean> =>
  repo.hasEnabledDevice(tenantId, tx, userId);
