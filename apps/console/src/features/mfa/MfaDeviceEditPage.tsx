import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { type MfaDevice, mfaDeviceFormSchema, TOASTS, WARNINGS } from '@skyvault/contract';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { LoadBeforeEdit } from '../../components/LoadBeforeEdit';
import { BackToList, useItemId } from '../../components/missingItem';
import { PageHeader } from '../../components/PageHeader';
import { useFormErrorReport } from '../../core/errors/formErrors';
import { toMfaDevice, toMfaDevices } from '../../core/paths/links';
import { notify } from '../../core/toasts/notify';
import { MfaNameField } from './MfaNameField';
import { useMfaDevice, useRenameMfaDevice } from './mfa.queries';

/** Renames one MFA device (SPEC.md §2); a missing id or a failed load goes back to the list (§8). */
export function MfaDeviceEditPage() {
  const mfaId = useItemId('mfaId');
  if (!mfaId) return <BackToList list={toMfaDevices()} />;
  return <MfaDeviceEditForm id={mfaId} />;
}

/** Loads the device, then shows the rename form with its name (LoadBeforeEdit). */
export function MfaDeviceEditForm({ id }: { id: string }) {
  return (
    <LoadBeforeEdit
      query={useMfaDevice(id)}
      list={toMfaDevices()}
      title="Edit MFA Device"
      back={toMfaDevice(id)}
      backLabel="Back to the MFA device"
    >
      {(device) => <RenameForm device={device} />}
    </LoadBeforeEdit>
  );
}

function RenameForm({ device }: { device: MfaDevice }) {
  const navigate = useNavigate();
  const rename = useRenameMfaDevice();
  const reportError = useFormErrorReport();
  const id = device.id;
  const form = useForm({
    resolver: zodResolver(mfaDeviceFormSchema),
    defaultValues: { name: device.name },
  });
  const { control, handleSubmit } = form;

  const submit = handleSubmit(({ name }) => {
    // SPEC.md §5: renaming to the same name is a warning, and nothing is sent.
    if (name === device.name) {
      notify(WARNINGS.mfaDeviceNameSame, 'warning');
      return;
    }
    rename.mutate(
      { id, name },
      {
        onSuccess: () => {
          notify(TOASTS.mfaDeviceUpdated, 'success');
          // Replaced: Back from the details should not reopen a form that has been saved.
          navigate(toMfaDevice(id), { replace: true });
        },
        onError: (error) => reportError(form, error),
      },
    );
  });

  return (
    <>
      <PageHeader title="Edit MFA Device" back={toMfaDevice(id)} backLabel="Back to the MFA device" />
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={submit}
        aria-label="Edit MFA device"
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}
      >
        <MfaNameField control={control} autoFocus />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1, mt: 3 }}>
          <Button component={Link} to={toMfaDevice(id)} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={rename.isPending}>
            Save
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
