import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import {
  PASSKEY_TEXTS,
  type ProviderChoice,
  SECOND_FACTOR_TEXTS,
  type SessionUser,
} from '@skyvault/contract';
import { useState } from 'react';
import { apiErrorOf } from '../../../core/errors/apiErrors';
import { useErrorHandler } from '../../../core/errors/ErrorHandlerContext';
import { isHandledByErrorHandler } from '../../../core/errors/formErrors';
import { authenticateWithBrowser, PasskeyCeremonyError } from '../../../core/passkeys/ceremony';
import { usePasskeySignIn, usePasskeySupport } from '../passkey.queries';

/**
 * "Sign in with a passkey" at the login page's first step: no e-mail or tenant asked, the browser offers
 * the passkeys it holds for this console (a discoverable credential, user verification required). Shown
 * only where the console can use passkeys. A cancelled prompt or a refused passkey is said under the
 * button, and the steps above stay as they were.
 */
export function PasskeySignIn({
  onSignedIn,
  onSsoRequired,
}: {
  onSignedIn: (user: SessionUser) => void;
  /** The user's organization enforces single sign-on: its providers' buttons instead. */
  onSsoRequired?: (providers: ProviderChoice[], message: string) => void;
}) {
  const support = usePasskeySupport();
  const signIn = usePasskeySignIn();
  const handleError = useErrorHandler();
  const [message, setMessage] = useState<string | null>(null);

  if (!support.data?.available) return null;

  const start = async () => {
    setMessage(null);
    let user: SessionUser;
    try {
      user = await signIn.mutateAsync(authenticateWithBrowser);
    } catch (failure) {
      const refusal = apiErrorOf(failure);
      if (failure instanceof PasskeyCeremonyError) setMessage(failure.message);
      else if (refusal?.code === 'SSO_REQUIRED' && onSsoRequired)
        onSsoRequired(refusal.providers ?? [], refusal.message);
      else if (isHandledByErrorHandler(failure)) return;
      // The API's refusal of this passkey (unknown, not verified, an expired challenge) is said here.
      else if (refusal && refusal.status < 500) setMessage(refusal.message);
      else handleError(failure);
      return;
    }
    onSignedIn(user);
  };

  return (
    <>
      <Divider>
        <Typography variant="body2" color="text.secondary">
          {SECOND_FACTOR_TEXTS.or}
        </Typography>
      </Divider>
      <Button
        variant="outlined"
        size="large"
        startIcon={<KeyIcon />}
        loading={signIn.isPending}
        onClick={() => void start()}
      >
        {PASSKEY_TEXTS.signInWithPasskey}
      </Button>
      {message && (
        <Typography role="alert" variant="body2" color="error" sx={{ textAlign: 'center' }}>
          {message}
        </Typography>
      )}
    </>
  );
}
