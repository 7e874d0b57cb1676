import type { Tx } from '../../db/client.js';

/**
 * Called in the transaction that enables a user's factor (a TOTP device confirmed, a passkey registered):
 * when the user had no recovery codes, issues a set and answers it (shown once); and ends the enrolment
 * restriction of the user's sessions. Answers undefined when the user already had codes.
 */
export async function firstFactorEnrolled(
  _tx: Tx,
  _tenantId: string,
  _userId: string,
): Promise<string[] | undefined> {
  throw new Error('first factor: not built yet');
}
