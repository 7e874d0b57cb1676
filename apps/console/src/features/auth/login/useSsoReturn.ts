import { ERROR_MESSAGES, SSO_LOGIN_QUERY, ssoErrorCode } from '@skyvault/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../core/errors/apiErrors';
import { type SecondFactor, useCompleteSso } from '../auth.queries';
import { useEnterConsole } from './useEnterConsole';

/**
 * The way back from an identity provider (the contract's SSO_LOGIN_QUERY): `ssoError` carries why the
 * sign-in was refused, shown above the form; `ssoTicket` means the user's MFA rule applies, so the MFA
 * dialog asks for the code (or a recovery code) and the ticket with it finishes the sign-in. Both are
 * taken out of the address at once, so a reload or a shared link does not repeat them.
 */
export function useSsoReturn(redirectTo: string | null) {
  const [query, setQuery] = useSearchParams();
  const enterConsole = useEnterConsole(redirectTo);
  const [ticket, setTicket] = useState(() => query.get(SSO_LOGIN_QUERY.ticket));
  const [error, setError] = useState(() => {
    const code = query.get(SSO_LOGIN_QUERY.error);
    return code === null ? null : ERROR_MESSAGES[ssoErrorCode(code)];
  });
  const complete = useCompleteSso(ticket);

  const carriesSso = query.has(SSO_LOGIN_QUERY.ticket) || query.has(SSO_LOGIN_QUERY.error);
  useEffect(() => {
    if (!carriesSso) return;
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SSO_LOGIN_QUERY.ticket);
        next.delete(SSO_LOGIN_QUERY.error);
        return next;
      },
      { replace: true },
    );
  }, [carriesSso, setQuery]);

  return {
    /** The message of a refused sign-in, until dismissed. */
    error,
    dismissError: () => setError(null),
    /** True while the TOTP dialog should ask for the code of a provider sign-in. */
    awaitingCode: ticket !== null,
    /**
     * The authenticator app's code or a recovery code (a provider sign-in has no passkey step). A wrong
     * code rejects (the dialog shows it); a ticket that is no longer good ends the attempt.
     */
    async submitFactor(factor: SecondFactor) {
      if ('passkey' in factor) return;
      try {
        enterConsole(await complete.mutateAsync(factor));
      } catch (failure) {
        if (isApiError(failure, { code: 'SSO_FAILED' })) {
          setTicket(null);
          setError(failure.message || ERROR_MESSAGES.SSO_FAILED);
          return;
        }
        throw failure;
      }
    },
    cancelCode: () => setTicket(null),
  };
}
