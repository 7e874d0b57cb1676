import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { mfaDeviceFormSchema, TOASTS, WARNINGS } from '@skyvault/contract';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { isHandledByErrorHandler, useFormErrorReport } from '../../app/errors/formErrors';
import { PageHeader } from '../../app/layout/PageHeader';
import { notify } from '../../app/toasts/notify';
import { MfaNameField } from './MfaNameField';
import { useMfaDevice, useRenameMfaDevice } from './mfa.queries';
import { toMfaDevice, toMfaDevices } from './mfa.routes';

/** Renames one MFA device (SPEC.md §2); a missing id or a failed load goes back to the list (§8). */
export function MfaDeviceEditPage() {
  const { mfaId } = useParams();
  if (!mfaId) return <Navigate to={toMfaDevices()} replace />;
  return <MfaDeviceEditForm id={mfaId} />;
}

/** The rename form of the device with this id; the page above takes the id from the URL. */
export function MfaDeviceEditForm({ id }: { id: string }) {
  const navigate = useNavigate();
  const query = useMfaDevice(id);
  const rename = useRenameMfaDevice();
  const reportError = useFormErrorReport();
  const device = query.data;
  const form = useForm({
    resolver: zodResolver(mfaDeviceFormSchema),
    defaultValues: { name: '' },
    values: device ? { name: device.name } : undefined,
    // A refetch in the background must not undo what the user has typed.
    resetOptions: { keepDirtyValues: true },
  });
  const { control, handleSubmit } = form;

  const submit = handleSubmit(({ name }) => {
    if (!device) return;
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

  if (query.isError && !isHandledByErrorHandler(query.error)) {
    return <Navigate to={toMfaDevices()} replace />;
  }

  return (
    <>
      <PageHeader title="Edit MFA Device" back={toMfaDevice(id)} backLabel="Back to the MFA device" />
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={submit}
        aria-label="Edit MFA device"
        aria-busy={!device}
        sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}
      >
        {device ? (
          <MfaNameField control={control} autoFocus />
        ) : (
          <Skeleton variant="rounded" height={56} aria-label="Loading" />
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1, mt: 3 }}>
          <Button component={Link} to={toMfaDevice(id)} disabled={rename.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!device} loading={rename.isPending}>
            Save
          </Button>
        </Stack>
      </Paper>
    </>
  );
}
