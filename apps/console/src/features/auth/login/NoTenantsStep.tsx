import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTION_LABELS, SIGN_UP_REFUSALS, WARNINGS } from '@skyvault/contract';
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { toSignUp } from '../../../core/paths/links';
import { useSignUpMode } from '../../../core/signUpMode';
import { StepLink } from './StepLink';
import { StepLinks } from './StepLinks';

/**
 * E-mail flow, after a right code for an address that no tenant uses (SPEC.md §8 'No Tenants found for
 * this email'). Only the mailbox's owner gets here: the code went to every address, and only its check
 * tells. They may sign up an organization with the address (unless SIGNUP_MODE closes it: then they
 * are told how organizations come about), or log in with another one.
 */
export function NoTenantsStep({
  email,
  onUseDifferentEmail,
}: {
  email: string;
  onUseDifferentEmail: () => void;
}) {
  // The code field that had the focus is gone: the way forward takes it (a link has no autoFocus),
  // before the step is painted, so that no frame shows it with the focus nowhere.
  const signUp = useRef<HTMLAnchorElement>(null);
  useLayoutEffect(() => signUp.current?.focus(), []);
  const mode = useSignUpMode();

  if (mode === 'invitation' || mode === 'off') {
    return (
      <Stack spacing={2}>
        <Alert severity="warning">{WARNINGS.noTenantsForEmail}</Alert>
        <Typography color="text.secondary">
          <strong>{email}</strong> does not belong to any organization. {SIGN_UP_REFUSALS[mode]}
        </Typography>
        <StepLinks>
          <StepLink onClick={onUseDifferentEmail}>{ACTION_LABELS.differentEmail}</StepLink>
        </StepLinks>
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{WARNINGS.noTenantsForEmail}</Alert>
      <Typography color="text.secondary">
        <strong>{email}</strong> does not belong to any organization yet. Sign up to create one with this
        e-mail, or log in with another one.
      </Typography>
      <Button component={Link} to={toSignUp(email)} variant="contained" size="large" ref={signUp}>
        Sign up with this e-mail
      </Button>
      <StepLinks>
        <StepLink onClick={onUseDifferentEmail}>{ACTION_LABELS.differentEmail}</StepLink>
      </StepLinks>
    </Stack>
  );
}
