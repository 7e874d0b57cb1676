import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { resetPasswordFormSchema, TOASTS } from '@skyvault/contract';
import { useCallback, useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PublicCard } from '../../components/PublicCard';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { usePasswordPair } from '../../components/password/usePasswordPair';
import { useApiForm } from '../../components/useApiForm';
import { failureMessage, isApiError } from '../../core/errors/apiErrors';
import { safeRedirectTarget, toLogin } from '../../core/paths/links';
import { notify } from '../../core/toasts/notify';
import { useResetCodeDetails, useResetPassword } from './password.queries';

/**
 * /auth/change-password?code=…&redirectTo=…: sets a new password with a reset code, from the forgotten
 * password e-mail or a forced reset at login (SPEC.md §2, §8). Without a usable code it goes to login.
 */
export function ChangePasswordPage() {
  const [query] = useSearchParams();
  const code = query.get('code') ?? '';
  const redirectTo = safeRedirectTarget(query.get('redirectTo'));
  const navigate = useNavigate();

  const details = useResetCodeDetails(code);

  /** An unknown, used or expired code: say why (the server's words) and go to login. */
  const leaveForLogin = useCallback(
    (error: unknown) => {
      notify(failureMessage(error), 'error');
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
  const change = useResetPassword();
  const { form, onSubmit, busy } = useApiForm({
    schema: resetPasswordFormSchema,
    defaultValues: { password: '', confirmPassword: '' },
    send: ({ password }) => change.mutateAsync({ password, code }),
    onSent: onChanged,
    // The code may have been used or expired since the page opened.
    onError: (error) => {
      if (!isApiError(error, { code: 'INVALID_CODE' })) return false;
      onCodeRefused(error);
      return true;
    },
  });
  const pair = usePasswordPair(form, 'password', 'confirmPassword');

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
      <Typography color="text.secondary">
        Set a new password for <strong>{email}</strong>.
      </Typography>
      <NewPasswordFields form={form} pair={pair} autoFocus />
      <Button type="submit" variant="contained" size="large" disabled={!pair.ready} loading={busy}>
        Change password
      </Button>
    </Stack>
  );
}
