import { type PasskeyLogin, passkeyEndpoints } from '@skyvault/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { FORM_META } from '../../core/queryClient';
import { browserTimeZone } from './auth.queries';

/*
 * Signing in with a passkey alone, from the login page's first step. Apart from auth.queries: only the
 * passkey button (loaded after the first step) needs these endpoints' schemas.
 */

/** Whether this console can offer passkeys (browsers refuse them on an IP address). */
export const usePasskeySupport = () =>
  useQuery({
    queryKey: ['auth', 'passkeys', 'support'],
    queryFn: ({ signal }) => callApi(passkeyEndpoints.support, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // The button simply stays away when the answer does not come.
    retry: false,
    meta: { errorToast: false },
  });

/** A challenge for a discoverable passkey (no account named yet), then the sign-in with its answer. */
export const usePasskeySignIn = () =>
  useMutation({
    mutationFn: async (
      authenticate: (options: Record<string, unknown>) => Promise<PasskeyLogin['response']>,
    ) => {
      const { options } = await callApi(passkeyEndpoints.loginOptions, {});
      const response = await authenticate(options);
      return callApi(passkeyEndpoints.login, { body: { response, timezone: browserTimeZone() } });
    },
    meta: FORM_META,
  });
