import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { passwordEndpoints, type ResetPassword, resetPasswordFormSchema, TOASTS } from '@skyvault/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PublicCard } from '../../components/PublicCard';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { usePasswordPair } from '../../components/password/usePasswordPair';
import { ApiError, callApi, UNEXPECTED_ERROR_MESSAGE } from '../../core/api/client';
import { useFormErrorReport } from '../../core/errors/formErrors';
import { safeRedirectTarget, toLogin } from '../../core/paths/links';
import { notify } from '../../core/toasts/notify';

/**
 * /auth/change-password?code=…&redirectTo=…: sets a new password with a reset code, from the forgotten
 * password e-mail or a forced reset at login (SPEC.md §2, §8). Without a usable code it goes to login.
 */
export function ChangePasswordPage() {
  const [query] = useSearchParams();
  const code = query.get('code') ?? '';
  const redirectTo = safeRedirectTarget(query.get('redirectTo'));
  const navigate = useNavigate();

  const details = useQuery({
    queryKey: ['reset-code', code],
    queryFn: ({ signal }) => callApi(passwordEndpoints.resetCodeDetails, { params: { code }, signal }),
    enabled: Boolean(code),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });

  /** An unknown, used or expired code: say why (the server's words) and go to login. */
  const leaveForLogin = useCallback(
    (error: unknown) => {
      notify(error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE, 'error');
      navigate(toLogin({ redirectTo }), { replace: true });
    },
    [navigate, redirectTo],
  );
  useEffect(() => {
    if (details.error) leaveForLogin(details.error);
  }, [details.error, leaveForLogin]);

  // SPEC.md §2: without a code there is nothing to change; go to login.
  if (!code) return <Navigate to={toLogin({ redirectTo })} replace />;
  return (
    <PublicCard title="Change password">
      {details.data ? (
        <NewPasswordForm
          code={code}
          email={details.data.email}
          onChanged={() => {
            notify(TOASTS.passwordChanged, 'success');
            navigate(toLogin({ redirectTo }), { replace: true });
          }}
          onCodeRefused={leaveForLogin}
        />
      ) : (
        <CircularProgress aria-label="Loading" sx={{ display: 'block', mx: 'auto' }} />
      )}
    </PublicCard>
  );
}

function NewPasswordForm({
  code,
  email,
  onChanged,
  onCodeRefused,
}: {
  code: string;
  email: string;
  onChanged: () => void;
  onCodeRefused: (error: unknown) => void;
}) {
  const reportError = useFormErrorReport();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const pair = usePasswordPair(form, 'password', 'confirmPassword');
  const change = useMutation({
    mutationFn: (body: ResetPassword) => callApi(passwordEndpoints.resetPassword, { body }),
    meta: { errorToast: false },
  });

  const submit = form.handleSubmit(({ password }) =>
    change.mutate(
      { password, code },
      {
        onSuccess: onChanged,
        // The code may have been used or expired since the page opened.
        onError: (error) =>
          error instanceof ApiError && error.code === 'INVALID_CODE'
            ? onCodeRefused(error)
            : reportError(form, error),
      },
    ),
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2}>
      <Typography color="text.secondary">
        Set a new password for <strong>{email}</strong>.
      </Typography>
      <NewPasswordFields
        form={form}
        passwordName="password"
        confirmationName="confirmPassword"
        pair={pair}
        labels={{ password: 'New password', confirmation: 'Confirm new password' }}
        autoFocus
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!pair.ready}
        loading={change.isPending}
      >
        Change password
      </Button>
    </Stack>
  );
}
