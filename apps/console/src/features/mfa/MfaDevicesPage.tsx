import type { MfaDevice } from '@skyvault/contract';
import { mfaEndpoints, SCREEN_NAMES } from '@skyvault/contract';
import { useState } from 'react';
import type { DataTableColumn } from '../../components/DataTable';
import { formatDate } from '../../components/formatDate';
import { RouterLink } from '../../components/RouterLink';
import { CreateButton } from '../../components/screens/CreateButton';
import { ListScreen } from '../../components/screens/ListScreen';
import { pageQueryOf, useListParams } from '../../components/useListParams';
import { toMfaDevice } from '../../core/paths/links';
import { AddMfaDevice } from './AddMfaDevice';
import { preloadMfaQrDialog } from './LazyMfaQrDialog';
import { MfaStatusChip } from './MfaStatusChip';
import { useMfaDevices } from './mfa.queries';
import { PasskeysSection } from './passkeys/PasskeysSection';
import { RecoveryCodesCard } from './recovery/RecoveryCodesCard';

const columns: DataTableColumn<MfaDevice>[] = [
  {
    key: 'name',
    header: 'Name',
    render: (device) => <RouterLink to={toMfaDevice(device.id)}>{device.name}</RouterLink>,
  },
  { key: 'status', header: 'Status', render: (device) => <MfaStatusChip status={device.status} /> },
  { key: 'updatedAt', header: 'Updated At', render: (device) => formatDate(device.updatedAt) },
  { key: 'createdAt', header: 'Created At', render: (device) => formatDate(device.createdAt) },
];

/** The signed-in user's authenticator devices (SPEC.md §2 MFA devices), passkeys and recovery codes. */
export function MfaDevicesPage() {
  const list = useListParams();
  const [adding, setAdding] = useState(false);
  const devices = useMfaDevices(pageQueryOf(list));
  const addButton = (label: string) => (
    <CreateButton
      endpoint={mfaEndpoints.create}
      label={label}
      onClick={() => setAdding(true)}
      // The QR dialog's code starts loading as soon as the pointer heads for the button.
      onPointerEnter={() => void preloadMfaQrDialog()}
    />
  );

  return (
    <ListScreen
      title={SCREEN_NAMES.mfaDevices}
      actions={addButton('Add')}
      query={devices}
      items="MFA devices"
      rows={devices.data?.mfa ?? []}
      total={devices.data?.total ?? 0}
      list={list}
      ariaLabel="MFA Devices"
      columns={columns}
      getRowId={(device) => device.id}
      empty={{
        title: 'No MFA devices yet',
        description:
          'An MFA device is an authenticator app on your phone, such as Google Authenticator or ' +
          'Microsoft Authenticator. Once one is added, logging in also asks for the 6-digit code it ' +
          'shows, so your password alone is no longer enough to get into your account.',
        action: addButton('Add MFA device'),
      }}
    >
      {adding && <AddMfaDevice onClose={() => setAdding(false)} />}
      <PasskeysSection />
      <RecoveryCodesCard />
    </ListScreen>
  );
}
