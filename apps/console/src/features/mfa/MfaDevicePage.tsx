import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { MfaDevice, MfaStatus } from '@skyvault/contract';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { isHandledByErrorHandler } from '../../app/errors/formErrors';
import { PageHeader } from '../../app/layout/PageHeader';
import { formatDate } from '../../components/formatDate';
import { MfaDeviceActions } from './MfaDeviceActions';
import { MfaStatusChip } from './MfaStatusChip';
import { useMfaDevice } from './mfa.queries';
import { toMfaDeviceEdit, toMfaDevices } from './mfa.routes';

/** Why Enable is greyed out in these states, and the way out of them (ours: the spec shows none). */
const STATUS_HINTS: Partial<Record<MfaStatus, { severity: 'info' | 'warning'; text: string }>> = {
  WaitConfirmation: {
    severity: 'info',
    text:
      'This device has not been confirmed with a code yet, so it cannot be used to log in. ' +
      'Choose Actions, Reset secret to scan a new QR code and confirm it.',
  },
  ForceResetSecret: {
    severity: 'warning',
    text:
      'The secret of this device must be reset before it can be used again. ' +
      'Choose Actions, Reset secret to scan a new QR code and confirm it.',
  },
};

/** Details of one MFA device (SPEC.md §2): a missing id or a failed load goes back to the list. */
export function MfaDevicePage() {
  const { mfaId } = useParams();
  if (!mfaId) return <Navigate to={toMfaDevices()} replace />;
  return <MfaDeviceDetails id={mfaId} />;
}

/** The details of the device with this id; the page above takes the id from the URL. */
export function MfaDeviceDetails({ id }: { id: string }) {
  const query = useMfaDevice(id);
  // The shared handler has shown the error; unless it is taking the user elsewhere, back to the list.
  if (query.isError && !isHandledByErrorHandler(query.error)) {
    return <Navigate to={toMfaDevices()} replace />;
  }
  const device = query.data;
  const hint = device && STATUS_HINTS[device.status];

  return (
    <>
      <PageHeader
        title={device ? `MFA Device: ${device.name}` : 'MFA Device'}
        back={toMfaDevices()}
        backLabel="Back to MFA Devices"
        actions={
          device && (
            <>
              <MfaDeviceActions device={device} />
              <Button component={Link} to={toMfaDeviceEdit(id)} variant="contained" startIcon={<EditIcon />}>
                Edit
              </Button>
            </>
          )
        }
      />
      {hint && (
        <Alert severity={hint.severity} sx={{ mb: 2 }}>
          {hint.text}
        </Alert>
      )}
      <MfaDeviceCard device={device} />
    </>
  );
}

function MfaDeviceCard({ device }: { device: MfaDevice | undefined }) {
  const value = (content: (loaded: MfaDevice) => ReactNode) =>
    device ? content(device) : <Skeleton variant="text" width={160} />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }} aria-busy={!device}>
      <Typography variant="h2" sx={{ fontSize: '1.125rem', fontWeight: 600, mb: 2 }}>
        Device information
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
          columnGap: 3,
          rowGap: { xs: 0.5, sm: 1.5 },
          m: 0,
          '& dt': { color: 'text.secondary', mt: { xs: 1, sm: 0 } },
          '& dd': { m: 0, overflowWrap: 'anywhere' },
        }}
      >
        <dt>Name</dt>
        <dd>{value((loaded) => loaded.name)}</dd>
        <dt>Status</dt>
        <dd>
          {value((loaded) => (
            <MfaStatusChip status={loaded.status} />
          ))}
        </dd>
        <dt>Updated At</dt>
        <dd>{value((loaded) => formatDate(loaded.updatedAt))}</dd>
        <dt>Created At</dt>
        <dd>{value((loaded) => formatDate(loaded.createdAt))}</dd>
      </Box>
    </Paper>
  );
}
