import type { PasskeyCredentialResponse, PasskeySupport, SignInMethod } from '@skyvault/contract';
import type { Config } from '../../config.js';
import type { Database, Tx } from '../../db/client.js';
import type { RequestMeta } from '../../lib/context.js';

/**
 * Passkeys (WebAuthn): registration as a second factor, their use after the password, and the
 * passwordless sign-in. Relying party id: PUBLIC_URL's host (none on an IP address).
 */
export function createPasskeyService(deps: { config: Config; database: Database }) {
  void deps;
  const todo = (): never => {
    throw new Error('passkeys: not built yet');
  };
  return {
    /** Whether passkeys can be offered (PUBLIC_URL's host is a name, not an IP address). */
    support: (): PasskeySupport => todo(),

    /**
     * The challenge for the user's passkeys as the second factor after a proven password (pre-login);
     * null when the user has none or passkeys are unavailable.
     */
    secondFactorOptions: async (
      _tenantId: string,
      _userId: string,
    ): Promise<Record<string, unknown> | null> => todo(),

    /**
     * Checks a passkey's answer to the user's second-factor challenge (taken: single use) and audits the
     * MFA challenge like a TOTP code (action 'mfa-challenge', success or failure, naming the passkey).
     */
    acceptSecondFactor: async (
      _tenantId: string,
      _userId: string,
      _response: PasskeyCredentialResponse,
      _signIn: { meta: RequestMeta; method: SignInMethod },
    ): Promise<boolean> => todo(),

    /** How many passkeys the user has, in the caller's transaction. */
    countForUser: async (_tx: Tx, _tenantId: string, _userId: string): Promise<number> => todo(),

    /** Removes every passkey of the user (an administrator's MFA reset), in the caller's transaction. */
    removeAllForUser: async (_tx: Tx, _tenantId: string, _userId: string): Promise<number> => todo(),
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
