import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTION_LABELS, loginEmailStepSchema } from '@skyvault/contract';
import { type FormEvent, useRef, useState } from 'react';
import { EmailField } from '../../../components/TextFields';
import { type FormAccess, useFormErrorReport } from '../../../core/errors/formErrors';
import { useRequestCode } from '../auth.queries';
import { StepLink } from './StepLink';
import { StepLinks } from './StepLinks';

/** The contract's message for the address, or none when it passes the step's schema. */
const emailProblem = (email: string) => loginEmailStepSchema.safeParse({ email }).error?.issues[0]?.message;

/**
 * E-mail flow, first step: the address a login code is sent to. The login page's first load is this
 * step, so it does without the form library the other forms use (13 KB of it, bench/README.md): one
 * field, checked with the contract's schema on submit and, once submitted, as it changes; the server's
 * message for the address goes next to it, as in the other forms (core/errors/formErrors).
 */
export function EmailStep({
  email: initialEmail,
  onCodeSent,
  onUseTenantName,
}: {
  email: string;
  onCodeSent: (email: string) => void;
  onUseTenantName: (typedEmail: string) => void;
}) {
  const requestCode = useRequestCode();
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
      <Button type="submit" variant="contained" size="large" loading={requestCode.isPending}>
        Continue
      </Button>
      <StepLinks>
        <StepLink onClick={() => onUseTenantName(email)}>{ACTION_LABELS.useTenantName}</StepLink>
      </StepLinks>
    </Stack>
  );
}
