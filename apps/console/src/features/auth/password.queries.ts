import { type ForgotPassword, passwordEndpoints, type ResetPassword } from '@skyvault/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { FORM_META } from '../../core/queryClient';

/* The password screens' calls: a reset link from the login page, and the change-password screen's. */

/** 'Forgot Your Password?': a reset link for an e-mail and tenant. */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: ForgotPassword) => callApi(passwordEndpoints.forgotPassword, { body }),
    meta: FORM_META,
  });

/** Whose password a reset code changes; the page tells an unusable code itself. */
export const useResetCodeDetails = (code: string) =>
  useQuery({
    queryKey: ['reset-code', code],
    queryFn: ({ signal }) => callApi(passwordEndpoints.resetCodeDetails, { params: { code }, signal }),
    enabled: Boolean(code),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: ResetPassword) => callApi(passwordEndpoints.resetPassword, { body }),
    meta: FORM_META,
  });
