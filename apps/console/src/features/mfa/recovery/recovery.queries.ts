import { type MfaStepUpProof, recoveryCodeEndpoints } from '@skyvault/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../core/api/client';
import { FORM_META } from '../../../core/queryClient';
import { mfaKeys } from '../mfa.queries';

/**
 * Among the MFA lists: every change of a device (a first factor verified, the last one deleted) is
 * followed by a refresh of those, and may change the codes too.
 */
const statusKey = [...mfaKeys.lists(), 'recovery-codes'] as const;

/** How many of the signed-in user's recovery codes are left, and whether the user has a factor. */
export const useRecoveryCodesStatus = (enabled = true) =>
  useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => callApi(recoveryCodeEndpoints.status, { signal }),
    enabled,
  });

/**
 * A new set (the old one stops working), proven with a current factor. The codes are the answer, shown
 * once by the screen and never cached; a refused proof goes next to its field (FORM_META).
 */
export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: MfaStepUpProof) => callApi(recoveryCodeEndpoints.regenerate, { body: proof }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: statusKey }),
    meta: FORM_META,
  });
}
