import { type MfaStepUpProof, type PasskeyCreated, passkeyEndpoints } from '@skyvault/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../core/api/client';
import { registerWithBrowser } from '../../../core/passkeys/ceremony';
import { FORM_META } from '../../../core/queryClient';
import { mfaKeys } from '../mfa.queries';

export const passkeyKeys = {
  all: ['passkeys'] as const,
  list: () => ['passkeys', 'list'] as const,
  support: () => ['passkeys', 'support'] as const,
};

export const passkeysQuery = queryOptions({
  queryKey: passkeyKeys.list(),
  queryFn: ({ signal }) => callApi(passkeyEndpoints.list, { signal }),
});

export const usePasskeys = () => useQuery(passkeysQuery);

/**
 * A passkey added or deleted may be the user's first or last factor, which changes their recovery codes
 * (kept among the MFA lists): both are asked again.
 */
const refreshFactors = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: passkeyKeys.list() }),
    queryClient.invalidateQueries({ queryKey: mfaKeys.lists() }),
  ]);

/** Whether this console can offer passkeys at all (not when served from an IP address): fixed per server. */
export const usePasskeySupport = () =>
  useQuery({
    queryKey: passkeyKeys.support(),
    queryFn: ({ signal }) => callApi(passkeyEndpoints.support, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * The challenge of a registration, asked with the step-up's proof by a user who has a factor already
 * (the API checks it here); a refused proof goes next to its field (FORM_META).
 */
export function useRegistrationOptions() {
  return useMutation({
    mutationFn: async (proof: MfaStepUpProof) =>
      (await callApi(passkeyEndpoints.registrationOptions, { body: proof })).options,
    meta: FORM_META,
  });
}

/**
 * Registers a passkey: a challenge from the server (or the one asked after the step-up), the browser's
 * ceremony (the authenticator asks the user), then the server checks the answer and keeps the
 * credential. Its errors go next to the name field or to the dialog (FORM_META); the browser's own
 * refusals are WebAuthn errors, not API ones.
 */
export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      name,
      options: given,
    }: {
      name: string;
      options?: Record<string, unknown>;
    }): Promise<PasskeyCreated> => {
      const options = given ?? (await callApi(passkeyEndpoints.registrationOptions, { body: null })).options;
      const response = await registerWithBrowser(options);
      return callApi(passkeyEndpoints.create, { body: { name, response } });
    },
    onSettled: () => void refreshFactors(queryClient),
    meta: FORM_META,
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      callApi(passkeyEndpoints.rename, { params: { id }, body: { name } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: passkeyKeys.list() }),
    meta: FORM_META,
  });
}

/** A passkey guards the login, so removing it asks for a current factor or the password (step-up). */
export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, proof }: { id: string; proof: MfaStepUpProof }) =>
      callApi(passkeyEndpoints.remove, { params: { id }, body: proof }),
    onSettled: () => void refreshFactors(queryClient),
    meta: FORM_META,
  });
}
