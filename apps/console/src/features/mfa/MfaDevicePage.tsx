import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { MfaDevice, MfaStatus } from '@skyvault/contract';
import { Link } from 'react-router';
import { DetailsCard, type DetailsField } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';
import { BackToList, leaveForList, useItemId } from '../../components/missingItem';
import { PageHeader } from '../../components/PageHeader';
import { toMfaDeviceEdit, toMfaDevices } from '../../core/paths/links';
import { MfaDeviceActions } from './MfaDeviceActions';
import { MfaStatusChip } from './MfaStatusChip';
import { useMfaDevice } from './mfa.queries';

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
  const mfaId = useItemId('mfaId');
  if (!mfaId) return <BackToList list={toMfaDevices()} />;
  return <MfaDeviceDetails id={mfaId} />;
}

/** The details of the device with this id; the page above takes the id from the URL. */
export function MfaDeviceDetails({ id }: { id: string }) {
  const query = useMfaDevice(id);
  // The shared handler has shown the error; unless it is taking the user elsewhere, back to the list.
  const leaving = leaveForList(toMfaDevices(), 'failed', query);
  if (leaving) return leaving;
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

const DEVICE_FIELDS: DetailsField<MfaDevice>[] = [
  { label: 'Name', value: (device) => device.name },
  { label: 'Status', value: (device) => <MfaStatusChip status={device.status} /> },
  { label: 'Updated At', value: (device) => formatDate(device.updatedAt) },
  { label: 'Created At', value: (device) => formatDate(device.createdAt) },
];

function MfaDeviceCard({ device }: { device: MfaDevice | undefined }) {
  return <DetailsCard title="Device information" item={device} fields={DEVICE_FIELDS} />;
}
