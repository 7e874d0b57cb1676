import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTION_LABELS, loginEmailStepSchema, type ProviderChoice } from '@skyvault/contract';
import { type FormEvent, useRef, useState } from 'react';
import { EmailField } from '../../../components/TextFields';
import { type FormAccess, useFormErrorReport } from '../../../core/errors/formErrors';
import { safeRedirectTarget } from '../../../core/paths/links';
import { useHomeRealm, useRequestCode } from '../auth.queries';
import { StepLink } from './StepLink';
import { StepLinks } from './StepLinks';

/** The contract's message for the address, or none when it passes the step's schema. */
const emailProblem = (email: string) => loginEmailStepSchema.safeParse({ email }).error?.issues[0]?.message;

/**
 * E-mail flow, first step: the address a login code is sent to. First the address's organization is
 * asked for (home-realm discovery, unless `discover` is off): an address on a verified domain that
 * routes to one identity provider goes straight there, with several the page offers the choice
 * (onProvidersFound); otherwise, or if the question fails, the code is sent as before. The login page's first load is this
 * step, so it does without the form library the other forms use (13 KB of it, bench/README.md): one
 * field, checked with the contract's schema on submit and, once submitted, as it changes; the server's
 * message for the address goes next to it, as in the other forms (core/errors/formErrors).
 */
export function EmailStep({
  email: initialEmail,
  discover = true,
  redirectTo = null,
  onCodeSent,
  onProvidersFound = () => {},
  onUseTenantName,
}: {
  email: string;
  discover?: boolean;
  /** Where a sign-in through a provider ends (the login page's redirectTo). */
  redirectTo?: string | null;
  onCodeSent: (email: string) => void;
  onProvidersFound?: (email: string, providers: ProviderChoice[]) => void;
  onUseTenantName: (typedEmail: string) => void;
}) {
  const requestCode = useRequestCode();
  const homeRealm = useHomeRealm();
  const [leaving, setLeaving] = useState(false);
  const reportError = useFormErrorReport();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);

  const showError = (message: string | undefined) => {
    setError(message);
    if (message) input.current?.focus();
  };
  const form: FormAccess = {
    getValues: () => ({ email }),
    setError: (_field, { message }) => showError(message),
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = loginEmailStepSchema.safeParse({ email });
    showError(checked.error?.issues[0]?.message);
    if (!checked.success) return;
    const address = checked.data.email;
    if (discover) {
      const state = safeRedirectTarget(redirectTo);
      const found = await homeRealm.mutateAsync({ email: address, state }).catch(() => null);
      const providers = found?.providers ?? [];
      if (providers.length === 1) {
        // The one provider of the address's organization: straight there, no code to type.
        setLeaving(true);
        window.location.assign(providers[0]!.redirectUrl);
        return;
      }
      if (providers.length > 1) {
        onProvidersFound(address, providers);
        return;
      }
    }
    try {
      await requestCode.mutateAsync(address);
    } catch (failure) {
      reportError(form, failure);
      return;
    }
    onCodeSent(address);
  };

  return (
    <Stack component="form" noValidate onSubmit={(event) => void onSubmit(event)} spacing={2}>
      <Typography color="text.secondary">Enter your e-mail and we will send you a login code.</Typography>
      <EmailField
        name="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          if (submitted) setError(emailProblem(event.target.value));
        }}
        inputRef={input}
        error={Boolean(error)}
        helperText={error}
        autoComplete="username"
        autoFocus
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={requestCode.isPending || homeRealm.isPending || leaving}
      >
        Continue
      </Button>
      <StepLinks>
        <StepLink onClick={() => onUseTenantName(email)}>{ACTION_LABELS.useTenantName}</StepLink>
      </StepLinks>
    </Stack>
  );
}
