import type { PreLoginResponse } from '@skyvault/contract';
import { useState } from 'react';
import { type Credentials, type SecondFactor, useLogin, usePreLogin } from '../auth.queries';
import { useEnterConsole } from './useEnterConsole';

export type { Credentials };

/** Credentials waiting for their second factor, with what pre-login said the user can give. */
export interface AwaitingSecondFactor {
  credentials: Credentials;
  /** Whether the user has an authenticator app. */
  totp: boolean;
  /** The challenge for one of the user's passkeys (single use), when they have any. */
  passkeyOptions?: Record<string, unknown>;
}

const awaiting = (credentials: Credentials, answer: PreLoginResponse): AwaitingSecondFactor => ({
  credentials,
  // An answer without `totp` comes from a user whose only factors are authenticator apps.
  totp: answer.totp ?? true,
  passkeyOptions: answer.passkeyOptions,
});

/**
 * The end of both login flows: pre-login checks the credentials and says whether a second factor is
 * needed; if so the credentials wait for the MFA dialog, otherwise login follows at once. Failures
 * reject, so the calling form shows them; the shared handler has already seen them (e.g. a forced
 * password reset goes to the change-password screen from there).
 */
export function useSignIn(redirectTo: string | null) {
  const enterConsole = useEnterConsole(redirectTo);
  const [awaitingCode, setAwaitingCode] = useState<AwaitingSecondFactor | null>(null);
  const preLogin = usePreLogin();
  const login = useLogin();

  return {
    /** Non-null while the MFA dialog asks for the second factor of these credentials. */
    awaitingCode,
    async signIn(credentials: Credentials) {
      const answer = await preLogin.mutateAsync(credentials);
      if (answer.isMfaEnabled) setAwaitingCode(awaiting(credentials, answer));
      else enterConsole(await login.mutateAsync(credentials));
    },
    async signInWithFactor(factor: SecondFactor) {
      if (!awaitingCode) return;
      const { credentials } = awaitingCode;
      try {
        enterConsole(await login.mutateAsync({ ...credentials, factor }));
      } catch (failure) {
        // A passkey's challenge is used up by the attempt: another try needs a new one.
        if ('passkey' in factor) {
          const answer = await preLogin.mutateAsync(credentials).catch(() => null);
          if (answer?.isMfaEnabled) setAwaitingCode(awaiting(credentials, answer));
        }
        throw failure;
      }
    },
    cancelCode: () => setAwaitingCode(null),
    /** For a sign-in that needs no password (a passkey alone). */
    enterConsole,
  };
}
