import { type TenantSignUp, tenantEndpoints } from '@skyvault/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { FORM_META } from '../../core/queryClient';
import { notify } from '../../core/toasts/notify';

/** Ours: the answer is the same for unknown addresses, so the toast does not claim more than that. */
export const VERIFICATION_EMAIL_SENT =
  'We have sent a new verification e-mail if a sign-up is waiting for it.';

/** A new organization and its first administrator; the form shows the server's field messages. */
export const useSignUp = () =>
  useMutation({
    mutationFn: (body: TenantSignUp) => callApi(tenantEndpoints.signUp, { body }),
    meta: FORM_META,
  });

/** The sign-up e-mail's link; the page shows a failure itself. */
export const useVerifyTenant = () =>
  useMutation({
    mutationFn: (token: string) => callApi(tenantEndpoints.verify, { body: { token } }),
    meta: { errorToast: false },
  });

/** A new verification link for a sign-up still waiting (its failures get the shared toast). */
export const useResendVerification = () =>
  useMutation({
    mutationFn: (email: string) => callApi(tenantEndpoints.resendVerification, { body: { email } }),
    onSuccess: () => notify(VERIFICATION_EMAIL_SENT, 'success'),
  });
