import {
  ERROR_MESSAGES,
  SSO_LOGIN_QUERY,
  type SsoSecondFactorAnswer,
  ssoErrorCode,
} from '@skyvault/contract';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../core/errors/apiErrors';
import { type SecondFactor, useCompleteSso, useSsoSecondFactor } from '../auth.queries';
import { useEnterConsole } from './useEnterConsole';

/**
 * The way back from an identity provider (the contract's SSO_LOGIN_QUERY): `ssoError` carries why the
 * sign-in was refused, shown above the form; `ssoTicket` means the user has a second factor, so the MFA
 * dialog asks for it (a code, a recovery code or one of their passkeys, as the API's second-factor call
 * says) and the ticket with it finishes the sign-in. Both are taken out of the address at once, so a
 * reload or a shared link does not repeat them.
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
  const { mutateAsync: askFactors } = useSsoSecondFactor();
  const [factors, setFactors] = useState<SsoSecondFactorAnswer | null>(null);

  /** A ticket that is no longer good ends the attempt, said above the form. */
  const ticketFailed = useCallback((failure: unknown) => {
    if (!isApiError(failure, { code: 'SSO_FAILED' })) return false;
    setTicket(null);
    setError(failure.message || ERROR_MESSAGES.SSO_FAILED);
    return true;
  }, []);

  /** Asks what the ticket's user can give, with a fresh passkey challenge. */
  const askForFactors = useCallback(
    async (forTicket: string) => {
      try {
        setFactors(await askFactors(forTicket));
      } catch (failure) {
        // Any other failure still lets the user type a code.
        if (!ticketFailed(failure)) setFactors({ totp: true });
      }
    },
    [askFactors, ticketFailed],
  );

  useEffect(() => {
    if (ticket !== null) void askForFactors(ticket);
  }, [ticket, askForFactors]);

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
    /** True while the MFA dialog should ask for the second factor of a provider sign-in. */
    awaitingCode: ticket !== null && factors !== null,
    /** Whether the user has an authenticator app (false: passkeys only). */
    totp: factors?.totp ?? true,
    /** The challenge for one of the user's passkeys, when they have any. */
    passkeyOptions: factors?.passkeyOptions,
    /**
     * The authenticator app's code, a recovery code or a passkey's answer. A wrong one rejects (the
     * dialog shows it; a passkey's challenge is used up, so a new one is asked); a ticket that is no
     * longer good ends the attempt.
     */
    async submitFactor(factor: SecondFactor) {
      try {
        enterConsole(await complete.mutateAsync(factor));
      } catch (failure) {
        if (ticketFailed(failure)) return;
        if ('passkey' in factor && ticket !== null) await askForFactors(ticket);
        throw failure;
      }
    },
    cancelCode: () => {
      setTicket(null);
      setFactors(null);
    },
  };
}
