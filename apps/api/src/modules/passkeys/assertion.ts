import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import type { PasskeyCredentialResponse } from '@skyvault/contract';
import type { Tx } from '../../db/client.js';
import * as repo from './passkeys.repository.js';
import type { RelyingParty } from './relying-party.js';

/**
 * Verifies a passkey's signature over the taken challenge and records its use (counter, last used) in the
 * caller's transaction. A counter that went backwards means a cloned authenticator: refused. Authenticators
 * that keep no counter (synced passkeys) send 0 every time, which is fine.
 */
export async function verifyAssertion(
  tx: Tx,
  rp: RelyingParty,
  row: repo.PasskeyRow,
  response: PasskeyCredentialResponse,
  challenge: string,
  options: { requireUserVerification: boolean },
): Promise<boolean> {
  const verification = await verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: row.credentialId,
      publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
      // The library refuses a counter not above this one unless both are 0; we do the same ourselves.
      counter: row.counter,
      transports: row.transports as AuthenticatorTransportFuture[],
    },
    requireUserVerification: options.requireUserVerification,
  }).catch(() => null);
  if (!verification?.verified) return false;
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  if (newCounter !== 0 && row.counter !== 0 && newCounter <= row.counter) return false;
  await repo.updatePasskey(row.tenantId, tx, row.id, {
    counter: newCounter,
    lastUsedAt: new Date(),
    backedUp: credentialBackedUp,
  });
  return true;
}
