import { useState } from 'react';
import { type Credentials, useLogin, usePreLogin } from '../auth.queries';
import { useEnterConsole } from './useEnterConsole';

export type { Credentials };

/**
 * The end of both login flows: pre-login checks the credentials and says whether a TOTP code is needed;
 * if so the credentials wait for the MFA dialog, otherwise login follows at once. Failures reject, so
 * the calling form shows them; the shared handler has already seen them (e.g. a forced password reset
 * goes to the change-password screen from there).
 */
export function useSignIn(redirectTo: string | null) {
  const enterConsole = useEnterConsole(redirectTo);
  const [awaitingCode, setAwaitingCode] = useState<Credentials | null>(null);
  const preLogin = usePreLogin();
  const login = useLogin();

  return {
    /** Non-null while the MFA dialog asks for the code of these credentials. */
    awaitingCode,
    async signIn(credentials: Credentials) {
      const { isMfaEnabled } = await preLogin.mutateAsync(credentials);
      if (isMfaEnabled) setAwaitingCode(credentials);
      else enterConsole(await login.mutateAsync(credentials));
    },
    async signInWithCode(code: string) {
      if (!awaitingCode) return;
      enterConsole(await login.mutateAsync({ ...awaitingCode, code }));
    },
    cancelCode: () => setAwaitingCode(null),
  };
}
