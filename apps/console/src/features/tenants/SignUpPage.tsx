import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type SignUpForm,
  serviceKeySchema,
  signUpFormSchema,
  type TenantSignUp,
  tenantEndpoints,
} from '@skyvault/contract';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { formField } from '../../components/formField';
import { PublicCard } from '../../components/PublicCard';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { usePasswordPair } from '../../components/password/usePasswordPair';
import { RouterLink } from '../../components/RouterLink';
import { callApi } from '../../core/api/client';
import { useFormErrorReport } from '../../core/errors/formErrors';
import { toLogin, toWaitVerification } from '../../core/paths/links';

const EMPTY_FORM: SignUpForm = { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

/**
 * /tenants/new (SPEC.md §2): a new organization and its first administrator. The product signed up
 * for comes from `?application=` (a service's pages link here with it) and is Backup otherwise.
 */
export function SignUpPage() {
  const [query] = useSearchParams();
  const application = serviceKeySchema.catch('backup').parse(query.get('application'));
  const navigate = useNavigate();
  const reportError = useFormErrorReport();
  const form = useForm({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: EMPTY_FORM,
  });
  const pair = usePasswordPair(form, 'password', 'confirmPassword');
  const signUp = useMutation({
    mutationFn: (body: TenantSignUp) => callApi(tenantEndpoints.signUp, { body }),
    meta: { errorToast: false },
  });

  const submit = form.handleSubmit((values) =>
    signUp.mutate(
      { ...values, application },
      {
        onSuccess: ({ email }) => navigate(toWaitVerification(email)),
        onError: (error) => reportError(form, error),
      },
    ),
  );

  return (
    <PublicCard title="Sign up">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
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
        <TextField
          {...formField(form, 'email')}
          label="Email"
          type="email"
          autoComplete="email"
          required
          fullWidth
        />
        <NewPasswordFields
          form={form}
          passwordName="password"
          confirmationName="confirmPassword"
          pair={pair}
          labels={{ password: 'Password', confirmation: 'Confirm password' }}
        />
        <Button type="submit" variant="contained" size="large" loading={signUp.isPending}>
          Sign up
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Already have an account?{' '}
          <RouterLink to={toLogin()} underline="always">
            Sign in!
          </RouterLink>
        </Typography>
      </Stack>
    </PublicCard>
  );
}
