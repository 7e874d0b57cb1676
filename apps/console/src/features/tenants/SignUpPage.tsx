import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACTION_LABELS,
  SIGN_UP_REFUSALS,
  type SignUpForm,
  type SignUpMode,
  serviceKeySchema,
  signUpFormSchema,
} from '@skyvault/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { formField } from '../../components/formField';
import { PublicCard } from '../../components/PublicCard';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { usePasswordPair } from '../../components/password/usePasswordPair';
import { RouterLink } from '../../components/RouterLink';
import { EmailField } from '../../components/TextFields';
import { useApiForm } from '../../components/useApiForm';
import { toLogin, toWaitVerification } from '../../core/paths/links';
import { useSignUpMode } from '../../core/signUpMode';
import { useSignUp } from './tenants.queries';

const EMPTY_FORM: SignUpForm = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

const signInLink = (
  <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
    Already have an account?{' '}
    <RouterLink to={toLogin()} underline="always">
      {ACTION_LABELS.signIn}
    </RouterLink>
  </Typography>
);

/** SIGNUP_MODE invitation or off: what the page says instead of a form the API would refuse. */
function SignUpClosed({ mode }: { mode: Exclude<SignUpMode, 'open'> }) {
  return (
    <PublicCard title="Sign up">
      <Stack spacing={2}>
        <Alert severity="info">{SIGN_UP_REFUSALS[mode]}</Alert>
        {signInLink}
      </Stack>
    </PublicCard>
  );
}

/**
 * /tenants/new (SPEC.md §2): a new organization and its first administrator. The product signed up
 * for comes from `?application=` (a service's pages link here with it) and is Backup otherwise;
 * `?email=` fills the address (the login links here with one it found no tenant for).
 */
export function SignUpPage() {
  const [query] = useSearchParams();
  const application = serviceKeySchema.catch('backup').parse(query.get('application'));
  const navigate = useNavigate();
  const signUp = useSignUp();
  const { form, onSubmit, busy } = useApiForm({
    schema: signUpFormSchema,
    defaultValues: { ...EMPTY_FORM, email: query.get('email')?.trim() ?? '' },
    send: (values) => signUp.mutateAsync({ ...values, application }),
    onSent: ({ email }) => navigate(toWaitVerification(email)),
  });
  const pair = usePasswordPair(form, 'password', 'confirmPassword');
  const mode = useSignUpMode();
  if (mode === 'invitation' || mode === 'off') return <SignUpClosed mode={mode} />;

  return (
    <PublicCard title="Sign up">
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        <Typography color="text.secondary">
          Create your organization. You will be its administrator.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            {...formField(form, 'firstName')}
            label="First name"
            autoComplete="given-name"
            autoFocus
            required
            fullWidth
          />
          <TextField
            {...formField(form, 'lastName')}
            label="Last name"
            autoComplete="family-name"
            required
            fullWidth
          />
        </Stack>
        <EmailField {...formField(form, 'email')} autoComplete="email" />
        <NewPasswordFields
          form={form}
          pair={pair}
          labels={{ password: 'Password', confirmation: 'Confirm password' }}
        />
        <Button type="submit" variant="contained" size="large" loading={busy}>
          Sign up
        </Button>
        {signInLink}
      </Stack>
    </PublicCard>
  );
}
