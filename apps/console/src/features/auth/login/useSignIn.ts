import { authEndpoints } from '@skyvault/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../../../core/api/client';
import { useEnterConsole } from './useEnterConsole';

export interface Credentials {
  email: string;
  tenantName: string;
  password: string;
}

/** The browser's time zone goes with the login so the session knows the user's local time. */
const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

/**
 * The end of both login flows: pre-login checks the credentials and says whether a TOTP code is needed;
 * if so the credentials wait for the MFA dialog, otherwise login follows at once. Failures reject, so
 * the calling form shows them; the shared handler has already seen them (e.g. a forced password reset
 * goes to the change-password screen from there).
 */
export function useSignIn(redirectTo: string | null) {
  const enterConsole = useEnterConsole(redirectTo);
  const [awaitingCode, setAwaitingCode] = useState<Credentials | null>(null);

  const preLogin = useMutation({
    mutationFn: (credentials: Credentials) =>
      callApi(authEndpoints.preLogin, { body: { ...credentials, timezone: browserTimeZone() } }),
    meta: { errorToast: false },
  });
  const login = useMutation({
    mutationFn: ({ code, ...credentials }: Credentials & { code?: string }) =>
      callApi(authEndpoints.login, { body: { ...credentials, code, timezone: browserTimeZone() } }),
    meta: { errorToast: false },
  });

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
