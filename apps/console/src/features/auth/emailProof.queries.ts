import { EMAIL_PROOF_PAGE, userEndpoints } from '@skyvault/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { notify } from '../../core/toasts/notify';

/* The calls of the link mailed to a changed address: it proves the address, or asks for a new link. */

/** The link's token; the page shows a failure itself. */
export const useProveEmail = () =>
  useMutation({
    mutationFn: (token: string) => callApi(userEndpoints.proveEmail, { body: { token } }),
    meta: { errorToast: false },
  });

/** A new link for an address still waiting for one (its failures get the shared toast). */
export const useResendEmailProof = () =>
  useMutation({
    mutationFn: (email: string) => callApi(userEndpoints.resendEmailProof, { body: { email } }),
    onSuccess: () => notify(EMAIL_PROOF_PAGE.resent, 'success'),
  });
