import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  APPROVAL_ACTION_DEFINITIONS,
  APPROVAL_MESSAGES,
  type ApprovalPolicy,
  approvalEndpoints,
  approvalPolicyUpdateSchema,
  MAX_APPROVAL_VALIDITY_HOURS,
  MIN_APPROVAL_VALIDITY_HOURS,
  POLICY_APPROVAL_ACTIONS,
} from '@skyvault/contract';
import { Controller } from 'react-hook-form';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed } from '../../components/screens/LoadFailed';
import { useApiForm } from '../../components/useApiForm';
import { toApprovals } from '../../core/paths/links';
import { useCan } from '../../core/session/permissions';
import { notify } from '../../core/toasts/notify';
import { useApprovalPolicy, useUpdateApprovalPolicy } from './approvals.queries';
import { APPROVAL_TEXTS as T } from './approvals.texts';

const FORM_WIDTH = 640;

/** Approval settings: which changes need a second administrator, and how long a request may wait. */
export function ApprovalSettingsPage() {
  const query = useApprovalPolicy();
  return (
    <>
      <PageHeader title={T.settingsTitle} back={toApprovals()} backLabel={T.screenTitle} />
      {query.data ? (
        <PolicyForm policy={query.data} />
      ) : query.isError ? (
        <LoadFailed what="approval settings" onRetry={() => void query.refetch()} />
      ) : (
        <Paper variant="outlined" aria-busy sx={{ p: { xs: 2, sm: 3 }, maxWidth: FORM_WIDTH }}>
          <Stack sx={{ gap: 2 }} aria-label="Loading">
            <Skeleton variant="rounded" height={200} />
            <Skeleton variant="rounded" height={56} />
          </Stack>
        </Paper>
      )}
    </>
  );
}

/** A number field gives text: empty is no value, anything else a number. */
const toHours = (value: unknown) => (value === '' || value == null ? undefined : Number(value));

function PolicyForm({ policy }: { policy: ApprovalPolicy }) {
  const update = useUpdateApprovalPolicy();
  // Only an Owner changes the policy (organization:write); others read it.
  const readOnly = !useCan()(approvalEndpoints.updatePolicy);
  const { form, onSubmit, busy } = useApiForm({
    schema: approvalPolicyUpdateSchema,
    defaultValues: policy,
    send: (values) => update.mutateAsync(values),
    onSent: (saved) => {
      form.reset(saved);
      notify(APPROVAL_MESSAGES.policySaved, 'success');
    },
  });
  const { ref, ...hours } = form.register('validityHours', { setValueAs: toHours });
  const hoursError = form.formState.errors.validityHours?.message;

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={onSubmit}
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: FORM_WIDTH }}
    >
      <Stack sx={{ gap: 3 }}>
        <Typography color="text.secondary">{T.settingsIntro}</Typography>
        <Controller
          control={form.control}
          name="actions"
          render={({ field }) => (
            <FormControl component="fieldset" disabled={readOnly}>
              <FormLabel component="legend">{T.actionsLegend}</FormLabel>
              <FormGroup>
                {POLICY_APPROVAL_ACTIONS.map((action) => (
                  <FormControlLabel
                    key={action}
                    label={APPROVAL_ACTION_DEFINITIONS[action].label}
                    control={
                      <Checkbox
                        checked={field.value.includes(action)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? [...field.value, action]
                              : field.value.filter((chosen) => chosen !== action),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
            </FormControl>
          )}
        />
        <TextField
          {...hours}
          inputRef={ref}
          type="number"
          label={T.validity}
          required
          disabled={readOnly}
          error={Boolean(hoursError)}
          helperText={hoursError ?? T.validityHelp}
          slotProps={{ htmlInput: { min: MIN_APPROVAL_VALIDITY_HOURS, max: MAX_APPROVAL_VALIDITY_HOURS } }}
          sx={{ maxWidth: 240 }}
        />
        {!readOnly && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={busy || !form.formState.isDirty}>
              Save
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
