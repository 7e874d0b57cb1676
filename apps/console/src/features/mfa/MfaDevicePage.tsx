import Alert from '@mui/material/Alert';
import type { MfaDevice, MfaStatus } from '@skyvault/contract';
import { mfaEndpoints } from '@skyvault/contract';
import { DetailsCard, type DetailsField } from '../../components/DetailsCard';
import { formatDate } from '../../components/formatDate';
import { DetailsScreen } from '../../components/screens/DetailsScreen';
import { ItemPage } from '../../components/screens/missingItem';
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
  return (
    <ItemPage param="mfaId" list={toMfaDevices()}>
      {(id) => <MfaDeviceDetails id={id} />}
    </ItemPage>
  );
}

/**
 * The details of the device with this id; the page above takes the id from the URL. The shared handler
 * shows a failed load; unless it is taking the user elsewhere, the page goes back to the list.
 */
export function MfaDeviceDetails({ id }: { id: string }) {
  const query = useMfaDevice(id);
  const device = query.data;
  const hint = device && STATUS_HINTS[device.status];

  return (
    <DetailsScreen
      query={query}
      leaveWhen="failed"
      list={toMfaDevices()}
      noun="MFA Device"
      name={(loaded) => loaded.name}
      backLabel="Back to MFA Devices"
      actions={(loaded) => <MfaDeviceActions device={loaded} />}
      edit={toMfaDeviceEdit(id)}
      editEndpoint={mfaEndpoints.rename}
    >
      {hint && (
        <Alert severity={hint.severity} sx={{ mb: 2 }}>
          {hint.text}
        </Alert>
      )}
      <DetailsCard title="Device information" item={device} fields={DEVICE_FIELDS} />
    </DetailsScreen>
  );
}

const DEVICE_FIELDS: DetailsField<MfaDevice>[] = [
  { label: 'Name', value: (device) => device.name },
  { label: 'Status', value: (device) => <MfaStatusChip status={device.status} /> },
  { label: 'Updated At', value: (device) => formatDate(device.updatedAt) },
  { label: 'Created At', value: (device) => formatDate(device.createdAt) },
];
