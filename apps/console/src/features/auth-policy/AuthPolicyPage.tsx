import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  AUTH_POLICY_TEXTS,
  type AuthPolicy,
  type AuthPolicyForm,
  authPolicyEndpoints,
  authPolicyFormSchema,
  MAX_GRACE_DAYS,
} from '@skyvault/contract';
import { PageHeader } from '../../components/PageHeader';
import { SwitchField } from '../../components/SwitchField';
import { LoadFailed } from '../../components/screens/LoadFailed';
import { useApiForm } from '../../components/useApiForm';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { useAuthPolicy, useUpdateAuthPolicy } from './auth-policy.queries';
import { MfaPolicyField } from './MfaPolicyField';
import { SingleSignOnCard } from './SingleSignOnCard';
import { UnusualSignInsFields } from './UnusualSignInsFields';

const TITLE = AUTH_POLICY_TEXTS.screenTitle;
const FORM_WIDTH = 640;

/**
 * Security → Authentication (administrators): whether the tenant requires a second factor and of whom,
 * the grace period before it does, whether breached or common passwords are refused, and what an
 * unusual sign-in sets off (an e-mail, a copy to Security administrators, the second factor); then single
 * sign-on of the verified domains and the break-glass administrators.
 */
export function AuthPolicyPage() {
  const query = useAuthPolicy();
  return (
    <>
      <PageHeader title={TITLE} />
      {query.data ? (
        <PolicyForm policy={query.data} />
      ) : query.isError ? (
        <LoadFailed what="authentication policy" onRetry={() => void query.refetch()} />
      ) : (
        <Paper variant="outlined" aria-busy sx={{ p: { xs: 2, sm: 3 }, maxWidth: FORM_WIDTH }}>
          <Stack sx={{ gap: 2 }} aria-label="Loading">
            <Skeleton variant="rounded" height={120} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={40} />
          </Stack>
        </Paper>
      )}
      <SingleSignOnCard />
    </>
  );
}

const formValues = (policy: AuthPolicy): AuthPolicyForm => ({
  mfaPolicy: policy.mfaPolicy,
  mfaGraceDays: policy.mfaGraceDays,
  refuseBreachedPasswords: policy.refuseBreachedPasswords,
  notifyUnusualSignIns: policy.notifyUnusualSignIns,
  notifySecurityAdmins: policy.notifySecurityAdmins,
  unusualSignInSecondFactor: policy.unusualSignInSecondFactor,
});

/** A number field gives text: empty is no value (the rule says it is required), anything else a number. */
const toDays = (value: unknown) => (value === '' || value == null ? undefined : Number(value));

function PolicyForm({ policy }: { policy: AuthPolicy }) {
  const update = useUpdateAuthPolicy();
  // An Auditor, a User or Environment administrator reads the policy; only sign-in:write changes it.
  const canSave = useCan()(authPolicyEndpoints.update);
  const { form, onSubmit, busy } = useApiForm({
    readOnly: !canSave,
    schema: authPolicyFormSchema,
    defaultValues: formValues(policy),
    send: (values) => update.mutateAsync(values),
    onSent: (saved) => {
      form.reset(formValues(saved));
      notify(AUTH_POLICY_TEXTS.saved, 'success');
    },
  });
  const { ref, ...graceDays } = form.register('mfaGraceDays', { setValueAs: toDays });
  const graceError = form.formState.errors.mfaGraceDays?.message;

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={onSubmit}
      aria-label={TITLE}
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: FORM_WIDTH }}
    >
      <Stack sx={{ gap: 3 }}>
        <MfaPolicyField control={form.control} />
        <TextField
          {...graceDays}
          inputRef={ref}
          label={AUTH_POLICY_TEXTS.graceDays}
          type="number"
          required
          error={Boolean(graceError)}
          helperText={graceError ?? AUTH_POLICY_TEXTS.graceDaysHelp}
          sx={{ maxWidth: 320 }}
          slotProps={{ htmlInput: { min: 0, max: MAX_GRACE_DAYS, step: 1, inputMode: 'numeric' } }}
        />
        <SwitchField
          control={form.control}
          name="refuseBreachedPasswords"
          label={AUTH_POLICY_TEXTS.refuseBreachedPasswords}
          hint={AUTH_POLICY_TEXTS.refuseBreachedPasswordsHelp}
        />
        <UnusualSignInsFields control={form.control} />
      </Stack>
      {canSave && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 3 }}>
          <Button type="submit" variant="contained" loading={busy} disabled={!form.formState.isDirty}>
            Save
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
