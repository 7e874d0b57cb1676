import { tenantEndpoints } from '@skyvault/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { notify } from '../../core/toasts/notify';

/** Ours: the answer is the same for unknown addresses, so the toast does not claim more than that. */
export const VERIFICATION_EMAIL_SENT =
  'We have sent a new verification e-mail if a sign-up is waiting for it.';

/** A new verification link for a sign-up still waiting (its failures get the shared toast). */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => callApi(tenantEndpoints.resendVerification, { body: { email } }),
    onSuccess: () => notify(VERIFICATION_EMAIL_SENT, 'success'),
  });
}
